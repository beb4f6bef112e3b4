import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enrollments, mailOutbox } from '../src/db/schema/index.ts';
import { pendingInOutbox } from '../src/plugins/mailer.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor, createSeminar, versionCount, versionsOf } from './support/enrollment-factories.ts';
import {
  createCourse,
  createNetwork,
  createStudent,
  createUser,
  type Network,
  offer,
  share,
} from './support/factories.ts';

/** POST /api/enrollments with the fields as a multipart form, the way a browser form posts them. */
async function postForm(t: TestContext, email: string, fields: Record<string, string>) {
  const boundary = `----srs-test-${Date.now()}`;
  const payload =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    headers: { ...(await t.headersFor(email)), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('POST /api/enrollments', () => {
  let t: TestContext;
  let net: Network;
  let courseId: number;
  let courseName: string;
  let outboxFor: (to: string) => Promise<(typeof mailOutbox.$inferSelect)[]>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    net = await createNetwork(db);
    const { course } = await createCourse(db, 2, { name: 'Amazing Facts' });
    courseId = course.id;
    courseName = course.name;
    await offer(db, course.id, net.schoolA.id);
    outboxFor = (to) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  });
  afterAll(async () => t.close());

  it('answers 401 signed out and 403 to a user without a role', async () => {
    const body = { student_id: net.studentA.id, series_id: courseId };
    expect((await clientFor(t, null).post('/api/enrollments', body)).statusCode).toBe(401);
    const noRole = await createUser(t.database.db, null);
    expect((await clientFor(t, noRole.email).post('/api/enrollments', body)).statusCode).toBe(403);
  });

  it('answers 404 for a student out of scope, exactly like a missing one', async () => {
    const client = clientFor(t, net.instructorB.email);
    const before = await versionCount(t.database.db);
    const outOfScope = await client.post('/api/enrollments', { student_id: net.studentA.id, series_id: courseId });
    const missing = await client.post('/api/enrollments', { student_id: 999999999, series_id: courseId });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    expect(await versionCount(t.database.db)).toBe(before);
  });

  it('answers 422 in SPEC shapes for bad input', async () => {
    const client = clientFor(t, net.schoolAdminA.email);
    const missing = await client.post('/api/enrollments', { series_id: courseId });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ student_id: ['This field is required'] });
    const { course: notOffered } = await createCourse(t.database.db, 1);
    await offer(t.database.db, notOffered.id, net.schoolB.id);
    const offeredElsewhere = await client.post('/api/enrollments', {
      student_id: net.studentA.id,
      series_id: notOffered.id,
    });
    expect(offeredElsewhere.statusCode).toBe(422);
    expect(offeredElsewhere.json()).toEqual({ series_id: ["is not offered by the student's school"] });
    const wrongSchool = await client.post('/api/enrollments', {
      student_id: net.studentA.id,
      series_id: courseId,
      school_id: net.schoolB.id,
    });
    expect(wrongSchool.statusCode).toBe(422);
    expect(wrongSchool.json()).toEqual({ school_id: ["must be the student's school"] });
    const rows = await t.database.db.select().from(enrollments).where(eq(enrollments.studentId, net.studentA.id));
    expect(rows).toEqual([]);
  });

  it('creates a course enrollment Enrolled, with its registration number and version', async () => {
    const response = await clientFor(t, net.instructorA.email).post('/api/enrollments', {
      student_id: net.studentA.id,
      series_id: courseId,
      school_id: net.schoolA.id,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      series_id: courseId,
      series_type: 'Course',
      status: 'Enrolled',
      lesson_number: 0,
      orphaned: false,
      student: { id: net.studentA.id },
      episode_deliveries: [],
    });
    expect(body.registration_number).toMatch(/^\d+$/);
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, body.id));
    expect(row).toMatchObject({ studentId: net.studentA.id, seriesId: courseId, status: 'Enrolled' });
    expect(String(row!.registrationNumber)).toBe(body.registration_number);
    const [version] = await versionsOf(t.database.db, 'Enrollment', body.id);
    expect(version).toMatchObject({ event: 'create', whodunnit: net.instructorA.id });
    expect(await outboxFor(net.instructorA.email)).toEqual([]);
  });

  it('refuses a second enrollment in the same series, but not after the first was orphaned', async () => {
    const client = clientFor(t, net.instructorA.email);
    const again = await client.post('/api/enrollments', { student_id: net.studentA.id, series_id: courseId });
    expect(again.statusCode).toBe(422);
    const [first] = await t.database.db.select().from(enrollments).where(eq(enrollments.studentId, net.studentA.id));
    // A sentence that names the enrollment there is, so that the person can open it instead.
    expect(again.json()).toEqual([
      `Zebulon Quartermain is already enrolled in ${courseName} (registration number ${first!.registrationNumber}).`,
    ]);
    await t.database.exec(`update enrollments set orphaned = true where student_id = ${net.studentA.id}`);
    const afterOrphaned = await client.post('/api/enrollments', { student_id: net.studentA.id, series_id: courseId });
    expect(afterOrphaned.statusCode).toBe(201);
    // Only an active enrollment (Applied, Enrolled, Attended) counts: a course graduated or left may be taken again.
    for (const status of ['Graduated', 'Inactive'] as const) {
      await t.database.exec(`update enrollments set status = '${status}' where id = ${afterOrphaned.json().id}`);
      const again = await client.post('/api/enrollments', { student_id: net.studentA.id, series_id: courseId });
      expect(again.statusCode).toBe(201);
      await t.database.exec(`update enrollments set status = 'Graduated' where id = ${again.json().id}`);
    }
  });

  it("enrolls a student shared from another school in what the student's school offers, never in a retired series", async () => {
    const db = t.database.db;
    const shared = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id });
    await share(db, shared.id, net.instructorB.id);
    const client = clientFor(t, net.instructorB.email);
    const enrolled = await client.post('/api/enrollments', { student_id: shared.id, series_id: courseId });
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json()).toMatchObject({ student: { id: shared.id }, series_id: courseId, school: { id: net.schoolA.id } });
    const { course: retired } = await createCourse(db, 1, { active: false });
    await offer(db, retired.id, net.schoolA.id);
    const refused = await client.post('/api/enrollments', { student_id: shared.id, series_id: retired.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ series_id: ["is not offered by the student's school"] });
  });

  it('creates a seminar enrollment Applied for a seminar held by the school', async () => {
    const { seminar } = await createSeminar(t.database.db, net.schoolA.id, 2);
    const response = await clientFor(t, net.schoolAdminA.email).post('/api/enrollments', {
      student_id: net.studentA2.id,
      series_id: seminar.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ series_type: 'Seminar', status: 'Applied' });
  });

  it('accepts multipart form fields and notifies the instructor through the outbox after the commit', async () => {
    const dispatch = vi.spyOn(pendingInOutbox, 'dispatch');
    const response = await postForm(t, net.schoolAdminA.email, {
      student_id: String(net.studentA2.id),
      series_id: String(courseId),
      school_id: String(net.schoolA.id),
      notify_instructor_by_email: 'true',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ student: { id: net.studentA2.id }, series_id: courseId, status: 'Enrolled' });
    const mail = await outboxFor(net.otherInstructorA.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'enrollment_notice', status: 'pending' });
    expect(mail[0]!.subject).toContain('Xanthe Quartermain');
    expect(mail[0]!.subject).toContain(courseName);
    expect(mail[0]!.subject).toContain(body.registration_number);
    expect(mail[0]!.text).toContain(
      `http://localhost:3000/students/${net.studentA2.id}/courses/enrollments/${body.id}/lessons`,
    );
    expect(dispatch).toHaveBeenCalledWith([mail[0]!.id]);
    dispatch.mockRestore();
  });

  it('reads a multipart flag of false as false and validates multipart fields like JSON', async () => {
    const { course } = await createCourse(t.database.db, 1);
    await offer(t.database.db, course.id, net.schoolA.id);
    const response = await postForm(t, net.schoolAdminA.email, {
      student_id: String(net.studentA.id),
      series_id: String(course.id),
      notify_instructor_by_email: 'false',
    });
    expect(response.statusCode).toBe(201);
    expect(await outboxFor(net.instructorA.email)).toEqual([]);
    const invalid = await postForm(t, net.schoolAdminA.email, { student_id: 'abc', series_id: String(course.id) });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json())).toEqual(['student_id']);
  });

  it('tells no instructor of an enrollment they made themselves', async () => {
    const { course } = await createCourse(t.database.db, 1);
    await offer(t.database.db, course.id, net.schoolA.id);
    const response = await clientFor(t, net.instructorA.email).post('/api/enrollments', {
      student_id: net.studentA.id,
      series_id: course.id,
      notify_instructor_by_email: true,
    });
    expect(response.statusCode).toBe(201);
    const mail = (await outboxFor(net.instructorA.email)).filter((m) => m.subject.includes(course.name));
    expect(mail).toEqual([]);
  });

  it('links a seminar notice to the presentations tab', async () => {
    const { seminar } = await createSeminar(t.database.db, net.schoolA.id, 1);
    const response = await clientFor(t, net.schoolAdminA.email).post('/api/enrollments', {
      student_id: net.studentA.id,
      series_id: seminar.id,
      notify_instructor_by_email: true,
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await outboxFor(net.instructorA.email);
    expect(mail!.text).toContain(`/students/${net.studentA.id}/seminars/enrollments/${response.json().id}/presentations`);
  });
});
