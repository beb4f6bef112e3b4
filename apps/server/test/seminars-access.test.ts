import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor } from './support/enrollment-factories.ts';
import { enroll } from './support/factories.ts';
import { createSeminarNetwork, type SeminarNetwork } from './support/seminars-fixture.ts';

/** Every seminar-only endpoint by role, in and out of scope; a course id is a 404. */
describe('Seminar-only endpoints: who may call them', () => {
  let t: TestContext;
  let net: SeminarNetwork;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createSeminarNetwork(t);
    await enroll(t.database.db, net.studentA.id, net.seminar.id, { status: 'Applied' });
  });
  afterAll(async () => t.close());

  const reads = (id: number) => [
    `/api/series/${id}/students`,
    `/api/series/${id}/assign_students`,
    `/api/series/${id}/recently_assigned`,
    `/api/series/${id}/participating_schools_instructors`,
    `/api/series/${id}/attendances`,
    `/api/series/${id}/tickets.pdf`,
  ];

  it('answers 401 signed out and 403 to instructors, on every read and on assign_student', async () => {
    for (const url of reads(net.seminar.id)) {
      expect((await clientFor(t, null).get(url)).statusCode, url).toBe(401);
      const refused = await clientFor(t, net.instructorA.email).get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: 'You are not authorized to access this page' });
    }
    const body = { student_id: net.studentA2.id };
    expect((await clientFor(t, null).put(`/api/series/${net.seminar.id}/assign_student`, body)).statusCode).toBe(401);
    const instructor = await clientFor(t, net.instructorA.email).put(`/api/series/${net.seminar.id}/assign_student`, body);
    expect(instructor.statusCode).toBe(403);
  });

  it('opens to the host, a participating school, the conference and global admins', async () => {
    for (const email of [
      net.schoolAdminA.email,
      net.schoolAdminB.email,
      net.conferenceAdminA.email,
      net.globalAdmin.email,
    ]) {
      for (const url of reads(net.seminar.id)) {
        const response = await clientFor(t, email).get(url);
        // Tickets of a school without students in the seminar: a 422 sentence, not a refusal.
        expect([200, 422], `${email} ${url}`).toContain(response.statusCode);
      }
    }
  });

  it('answers 404 out of scope exactly like a missing series, and for a course', async () => {
    const outside = clientFor(t, net.schoolAdminC.email);
    const admin = clientFor(t, net.globalAdmin.email);
    for (const [index, url] of reads(net.seminar.id).entries()) {
      const outOfScope = await outside.get(url);
      const missing = await outside.get(reads(999_999_999)[index]!);
      expect(outOfScope.statusCode, url).toBe(404);
      expect(outOfScope.body).toBe(missing.body);
      expect((await admin.get(reads(net.course.id)[index]!)).statusCode).toBe(404);
    }
    const assign = await outside.put(`/api/series/${net.seminar.id}/assign_student`, { student_id: net.studentC.id });
    expect(assign.statusCode).toBe(404);
    const course = await admin.put(`/api/series/${net.course.id}/assign_student`, { student_id: net.studentA2.id });
    expect(course.statusCode).toBe(404);
    expect((await admin.get('/api/series/abc/students')).statusCode).toBe(422);
  });

  it('refuses bad input with SPEC section 8 shapes', async () => {
    const admin = clientFor(t, net.schoolAdminA.email);
    const missing = await admin.put(`/api/series/${net.seminar.id}/assign_student`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ student_id: ['This field is required'] });
    const wrong = await admin.put(`/api/series/${net.seminar.id}/assign_student`, { student_id: 'abc' });
    expect(wrong.json()).toEqual({ student_id: ['is not valid'] });
    expect((await admin.get(`/api/series/${net.seminar.id}/students?sortBy=nope`)).statusCode).toBe(422);
    expect((await admin.get(`/api/series/${net.seminar.id}/tickets.pdf?paper=a5`)).statusCode).toBe(422);
    expect((await admin.get(`/api/series/${net.seminar.id}/tickets.pdf?ids[]=abc`)).statusCode).toBe(422);
  });
});
