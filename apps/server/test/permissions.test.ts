import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { clientFor } from './support/enrollment-factories.ts';
import { createCourse, createStudent, enroll, offer, share } from './support/factories.ts';
import {
  createStaffedNetwork,
  setHeadSchoolAdmin,
  type StaffedNetwork,
  studentForm,
} from './support/student-factories.ts';

/**
 * Detail responses carry `permissions`, made from the rules that answer 403: for every role, on
 * students of its own school (its own and a colleague's) and of another school shared with it, a
 * permission is false exactly when the server refuses the action with 403.
 */
describe('permissions on a record tell what the server allows', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let courseId: number;
  let secondCourseId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(db());
    await setHeadSchoolAdmin(db(), net.schoolB.id, net.instructorB.id);
    [courseId, secondCourseId] = [(await createCourse(db(), 2)).course.id, (await createCourse(db(), 1)).course.id];
    for (const id of [courseId, secondCourseId]) {
      await offer(db(), id, net.schoolA.id);
      await offer(db(), id, net.schoolB.id);
    }
  });
  afterAll(async () => t.close());

  const roles = () => [
    { role: 'global_admin', user: net.globalAdmin },
    { role: 'conference_admin', user: net.conferenceAdminA },
    { role: 'school_admin', user: net.schoolAdminA },
    { role: 'instructor', user: net.instructorA },
  ];
  /** A fresh student per case, shared with the user so that it is always visible to them. */
  const kinds = () => [
    { kind: 'own school, taught by instructor A', schoolId: net.schoolA.id, instructorId: net.instructorA.id },
    { kind: 'own school, taught by a colleague', schoolId: net.schoolA.id, instructorId: net.otherInstructorA.id },
    { kind: 'another school, shared', schoolId: net.schoolB.id, instructorId: net.instructorB.id },
  ];

  /** allowed ⇔ a success status; refused ⇔ exactly 403. */
  const expectAnswer = (label: string, allowed: boolean, response: LightMyRequestResponse, success: number) =>
    expect(response.statusCode, `${label}: ${response.body}`).toBe(allowed ? success : 403);

  it('on a student and its enrollment, for each role and kind of student', async () => {
    const seen: Record<string, boolean[]> = {};
    for (const { role, user } of roles()) {
      const client = clientFor(t, user.email);
      for (const { kind, schoolId, instructorId } of kinds()) {
        const label = `${role}, ${kind}`;
        const student = await createStudent(db(), { schoolId, instructorId });
        if (user.id !== instructorId) await share(db(), student.id, user.id);
        const enrollment = await enroll(db(), student.id, courseId);

        const { permissions } = (await client.get(`/api/students/${student.id}`)).json();
        const onEnrollment = (await client.get(`/api/enrollments/${enrollment.id}`)).json().permissions;
        for (const [action, value] of Object.entries({ ...permissions, ...onEnrollment })) {
          seen[action] = [...(seen[action] ?? []), value as boolean];
        }

        const updated = await client.put(`/api/students/${student.id}`, { city: 'Salem' });
        expectAnswer(`${label}: update`, permissions.update, updated, 200);
        const shareBody = { student_ids: [student.id], user_ids: [net.otherInstructorA.id] };
        expectAnswer(`${label}: share`, permissions.share, await client.put('/api/students/bulk_share', shareBody), 200);
        expectAnswer(`${label}: unshare`, permissions.share, await client.put('/api/students/bulk_unshare', shareBody), 200);
        // Reassigning to the student's own instructor changes nothing, so the student stays for the next actions.
        const reassign = { student_ids: [student.id], instructor_id: instructorId };
        const reassigned = await client.put('/api/students/bulk_reassign', reassign);
        expectAnswer(`${label}: reassign`, permissions.reassign, reassigned, 200);

        const status = await client.put(`/api/enrollments/${enrollment.id}`, { status: 'Enrolled' });
        expectAnswer(`${label}: update enrollment`, onEnrollment.update, status, 200);
        const removed = await client.delete(`/api/enrollments/${enrollment.id}`);
        expectAnswer(`${label}: delete enrollment`, onEnrollment.destroy, removed, 204);
        const enrolled = await client.post('/api/enrollments', { student_id: student.id, series_id: secondCourseId });
        expectAnswer(`${label}: enroll`, permissions.enroll, enrolled, 201);
        expect(enrolled.json().permissions).toEqual(onEnrollment);
        expectAnswer(`${label}: delete`, permissions.destroy, await client.delete(`/api/students/${student.id}`), 204);
      }
    }
    // Each permission is both granted and refused somewhere, except those that seeing a record grants.
    const outcomes = Object.entries(seen).map(([action, values]) => [action, [...new Set(values)].sort()]);
    expect(Object.fromEntries(outcomes)).toEqual({
      update: [true],
      destroy: [false, true],
      reassign: [false, true],
      share: [false, true],
      enroll: [true],
    });
  });

  it('on a school: adding a student is allowed exactly when the detail says so', async () => {
    for (const { role, user } of roles()) {
      const client = clientFor(t, user.email);
      const { permissions } = (await client.get(`/api/schools/${net.schoolA.id}`)).json();
      expect(permissions.add_student, role).toBe(true);
      const form = studentForm({ school_id: net.schoolA.id, last_name: `Placed by ${role}` });
      const created = await client.post('/api/students', form);
      expectAnswer(`${role}: add a student`, permissions.add_student, created, 201);
      expect(Object.keys(created.json().permissions).sort()).toEqual(['destroy', 'enroll', 'reassign', 'share', 'update']);
    }
  });
});
