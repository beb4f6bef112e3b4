import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { todayIso } from './support/enrollment-factories.ts';
import { createCourse, createStudent, createUser, enroll, offer, share } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

/**
 * Issue 25: a deleted student's (or enrollment's) old link says it was deleted, when and by whom,
 * to those who saw it; to anyone else it stays the plain 404 of a record that never was.
 */
let t: TestContext;
let net: StaffedNetwork;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  net = await createStaffedNetwork(db);
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, email: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: await t.headersFor(email) });
}
const body = (response: LightMyRequestResponse) => response.json() as { error: string; deleted?: Record<string, unknown> };

describe('GET of a deleted student or enrollment (issue 25)', () => {
  it('tells those who saw the student when and by whom it was deleted, and the admins of its school where to restore it', async () => {
    const student = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName: 'Gone', lastName: 'Student' });
    await share(db, student.id, net.instructorB.id);
    expect((await call('DELETE', `/api/students/${student.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    const [destroy] = (
      await call('GET', `/api/versions?item_type=Student&item_id=${student.id}&event=destroy`, net.schoolAdminA.email)
    ).json().versions as { id: number }[];
    const by = { id: net.schoolAdminA.id, first_name: net.schoolAdminA.firstName, last_name: net.schoolAdminA.lastName };

    // The admin who deleted it: the change to open and restore it from.
    const admin = await call('GET', `/api/students/${student.id}`, net.schoolAdminA.email);
    expect(admin.statusCode).toBe(404);
    expect(body(admin)).toEqual({
      error: 'Student not found',
      deleted: { record: 'student', deleted_on: todayIso(), deleted_by: by, version_id: destroy!.id, can_restore: true },
    });
    // A conference admin of its school may restore it too; a global admin as well.
    expect(body(await call('GET', `/api/students/${student.id}`, net.conferenceAdminA.email)).deleted).toMatchObject({ can_restore: true });
    expect(body(await call('GET', `/api/students/${student.id}`, net.globalAdmin.email)).deleted).toMatchObject({ can_restore: true });
    // Its instructor, and the one it was shared with, are told, without a change they cannot open.
    for (const email of [net.instructorA.email, net.instructorB.email]) {
      expect(body(await call('GET', `/api/students/${student.id}/notes`, email)).deleted).toEqual({
        record: 'student',
        deleted_on: todayIso(),
        deleted_by: by,
        version_id: null,
        can_restore: false,
      });
    }

    // Anyone who never saw it gets exactly the 404 of a student that never was.
    const never = await call('GET', '/api/students/999999999', net.otherInstructorA.email);
    const adminB = await createUser(db, { roleType: 'school_admin', schoolId: net.schoolB.id });
    for (const email of [net.otherInstructorA.email, adminB.email]) {
      const response = await call('GET', `/api/students/${student.id}`, email);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(never.json());
    }
    // A write to it is a plain 404 too: only a page's read tells.
    const write = await call('PUT', `/api/students/${student.id}`, net.schoolAdminA.email, { first_name: 'X' });
    expect(write.statusCode).toBe(404);
    expect(body(write).deleted).toBeUndefined();

    // Restored, it opens again.
    expect((await call('POST', `/api/versions/${destroy!.id}/restore`, net.schoolAdminA.email)).statusCode).toBe(200);
    expect((await call('GET', `/api/students/${student.id}`, net.instructorA.email)).statusCode).toBe(200);
  });

  it('tells of a deleted enrollment with its date and who, and names no restore (an enrollment has none)', async () => {
    const { course } = await createCourse(db, 1);
    await offer(db, course.id, net.schoolA.id);
    const enrollment = await enroll(db, net.studentA.id, course.id);
    expect((await call('DELETE', `/api/enrollments/${enrollment.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    const seen = await call('GET', `/api/enrollments/${enrollment.id}`, net.instructorA.email);
    expect(seen.statusCode).toBe(404);
    expect(body(seen)).toMatchObject({
      error: 'Enrollment not found',
      deleted: { record: 'enrollment', deleted_on: todayIso(), deleted_by: { id: net.schoolAdminA.id }, version_id: null, can_restore: false },
    });
    expect(body(await call('GET', `/api/enrollments/${enrollment.id}`, net.schoolAdminA.email)).deleted).toMatchObject({
      version_id: expect.any(Number),
      can_restore: false,
    });
    // The student's other instructor never saw it.
    const hidden = await call('GET', `/api/enrollments/${enrollment.id}`, net.instructorB.email);
    expect(hidden.statusCode).toBe(404);
    expect(body(hidden).deleted).toBeUndefined();
  });

  it('keeps an out-of-scope student that exists a plain 404', async () => {
    const response = await call('GET', `/api/students/${net.studentB.id}`, net.instructorA.email);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Student not found' });
  });
});
