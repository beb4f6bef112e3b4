import { maxAssignAtOnce } from '@srs/shared/seminars';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, mailOutbox } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, versionCount, versionsOf } from './support/enrollment-factories.ts';
import { createSeminarNetwork, type SeminarNetwork } from './support/seminars-fixture.ts';

type Result = { student_id: number; enrollment: { enrollment_id: number; status: string; student: { id: number } } | null; error: string | null };

describe('PUT /series/{id}/assign_students: several seminar students in one request', () => {
  let t: TestContext;
  let net: SeminarNetwork;
  const db = () => t.database.db;
  const url = (seriesId = net.seminar.id) => `/api/series/${seriesId}/assign_students`;
  const enrollmentsOf = (studentId: number) =>
    db()
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.studentId, studentId), eq(enrollments.seriesId, net.seminar.id)));

  beforeAll(async () => {
    t = await createTestApp();
    net = await createSeminarNetwork(t);
  });
  afterAll(async () => t.close());

  it('enrolls each student the user may assign, says why of each other, and leaves nothing of a refused one', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const versionsBefore = await versionCount(db());
    // School B's student is out of school A's admin's scope; studentA asked twice counts once.
    const answer = await hostAdmin.put(url(), { student_ids: [net.studentA.id, net.studentB.id, net.studentA2.id, net.studentA.id] });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { assigned: number; results: Result[] };
    expect(body.assigned).toBe(2);
    expect(body.results.map((row) => [row.student_id, row.enrollment?.student.id ?? null, row.error])).toEqual([
      [net.studentA.id, net.studentA.id, null],
      [net.studentB.id, null, 'Student not found'],
      [net.studentA2.id, net.studentA2.id, null],
    ]);
    for (const row of body.results.filter((result) => result.enrollment)) {
      expect(row.enrollment).toMatchObject({ status: 'Applied' });
      // Through the one create path: each enrollment audited.
      expect(await versionsOf(db(), 'Enrollment', row.enrollment!.enrollment_id)).toHaveLength(1);
    }
    expect(await versionCount(db())).toBe(versionsBefore + 2);
    expect(await enrollmentsOf(net.studentB.id)).toHaveLength(0);
    expect(await enrollmentsOf(net.studentA.id)).toHaveLength(1);
  });

  it('refuses, student by student, those already in the seminar, and writes nothing', async () => {
    const versionsBefore = await versionCount(db());
    const again = await clientFor(t, net.schoolAdminA.email).put(url(), { student_ids: [net.studentA.id, net.studentA2.id] });
    expect(again.statusCode).toBe(200);
    const body = again.json() as { assigned: number; results: Result[] };
    expect(body.assigned).toBe(0);
    expect(body.results.map((row) => row.enrollment)).toEqual([null, null]);
    for (const row of body.results) expect(row.error).toMatch(new RegExp(`is already enrolled in ${net.seminar.name} \\(registration number \\d+\\)\\.$`));
    expect(await versionCount(db())).toBe(versionsBefore);
  });

  it('says why of each refused student in the language of who asks (issue 29)', async () => {
    const headers = await t.headersFor(net.schoolAdminA.email);
    const language = (value: string | null) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/update_current', headers, payload: { language: value } });
    expect((await language('es')).statusCode).toBe(200);
    try {
      const answer = await clientFor(t, net.schoolAdminA.email).put(url(), { student_ids: [net.studentB.id] });
      expect((answer.json() as { results: Result[] }).results.map((row) => row.error)).toEqual(['Estudiante no encontrado']);
      // A sentence with names in it, said in Spanish too (studentA was enrolled by the first test).
      const twice = await clientFor(t, net.schoolAdminA.email).put(url(), { student_ids: [net.studentA.id] });
      expect((twice.json() as { results: Result[] }).results[0]!.error).toMatch(
        new RegExp(`ya está inscrito en ${net.seminar.name} \\(número de registro \\d+\\)\\.$`),
      );
      // A rule's 422, its field named in Spanish too.
      const global = await t.headersFor(net.globalAdmin.email);
      const spanish = await t.app.inject({ method: 'PATCH', url: '/api/users/update_current', headers: global, payload: { language: 'es' } });
      expect(spanish.statusCode).toBe(200);
      const refused = await clientFor(t, net.globalAdmin.email).put(url(), { student_ids: [net.studentC.id] });
      await t.app.inject({ method: 'PATCH', url: '/api/users/update_current', headers: global, payload: { language: null } });
      expect((refused.json() as { results: Result[] }).results.map((row) => row.error)).toEqual([
        'El curso o seminario no lo ofrece la escuela del estudiante',
      ]);
    } finally {
      await language(null);
    }
  });

  it("names the rule for a student whose school takes no part, and still enrolls the others (a global admin's view)", async () => {
    const answer = await clientFor(t, net.globalAdmin.email).put(url(), {
      student_ids: [net.studentC.id, net.studentB.id],
      notify_instructor_by_email: true,
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as { assigned: number; results: Result[] };
    expect(body.assigned).toBe(1);
    expect(body.results[0]).toEqual({
      student_id: net.studentC.id,
      enrollment: null,
      error: "Series id is not offered by the student's school",
    });
    expect(body.results[1]).toMatchObject({ student_id: net.studentB.id, error: null, enrollment: { student: { id: net.studentB.id } } });
    expect(await enrollmentsOf(net.studentC.id)).toHaveLength(0);
    // The notice of the enrollment made went to the outbox with it; none for the refused one.
    const notices = (await db().select({ subject: mailOutbox.subject }).from(mailOutbox)).map((row) => row.subject);
    expect(notices.filter((subject) => subject.startsWith('New enrollment: Yolanda Quartermain'))).toHaveLength(1);
    expect(notices.filter((subject) => subject.includes('Cedric'))).toHaveLength(0);
  });

  it('checks the request as a whole: at least one student, at most a hundred, a seminar the user sees, admins only', async () => {
    const hostAdmin = clientFor(t, net.schoolAdminA.email);
    const none = await hostAdmin.put(url(), { student_ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ student_ids: ['Select at least one student'] });
    const tooMany = await hostAdmin.put(url(), { student_ids: Array.from({ length: maxAssignAtOnce + 1 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(422);
    // A course has no seminar pages; a seminar out of scope is missing.
    expect((await hostAdmin.put(url(net.course.id), { student_ids: [net.studentA.id] })).statusCode).toBe(404);
    expect((await clientFor(t, net.schoolAdminC.email).put(url(), { student_ids: [net.studentC.id] })).statusCode).toBe(404);
    expect((await clientFor(t, net.instructorA.email).put(url(), { student_ids: [net.studentA.id] })).statusCode).toBe(403);
  });
});
