import { messages } from '@srs/shared/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, students, studentShares } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, enroll, offer, share } from './support/factories.ts';
import { createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { createStaffedNetwork, createStaffedSchool, type StaffedNetwork } from './support/student-factories.ts';

describe('bulk actions on students', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { email: string };
  const put = async (url: string, email: string | null, payload: object) =>
    t.app.inject({ method: 'PUT', url, payload, headers: email ? await t.headersFor(email) : {} });
  const studentRow = async (id: number) => (await t.database.db.select().from(students).where(eq(students.id, id)))[0];

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    noRole = await createUser(t.database.db, null);
  });
  afterAll(async () => t.close());

  describe('PUT /api/students/bulk_reassign', () => {
    it('answers 401 signed out and 403 to instructors and users without a role', async () => {
      const body = { student_ids: [net.studentA.id], instructor_id: net.otherInstructorA.id };
      expect((await put('/api/students/bulk_reassign', null, body)).statusCode).toBe(401);
      const instructor = await put('/api/students/bulk_reassign', net.instructorA.email, body);
      expect(instructor.statusCode).toBe(403);
      expect(instructor.json().error).toBe(messages.notAuthorized);
      expect((await put('/api/students/bulk_reassign', noRole.email, body)).statusCode).toBe(403);
    });

    it('answers 404 for a student or a target school out of scope, 403 for a student not administered', async () => {
      const outOfScope = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [net.studentA.id, net.studentB.id],
        instructor_id: net.otherInstructorA.id,
      });
      const missing = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [net.studentA.id, 999999999],
        instructor_id: net.otherInstructorA.id,
      });
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      const school = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [net.studentA.id],
        school_id: net.schoolB.id,
      });
      expect(school.statusCode).toBe(404);
      const adminB = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolB.id });
      await share(t.database.db, net.studentA.id, adminB.id);
      const notAdministered = await put('/api/students/bulk_reassign', adminB.email, {
        student_ids: [net.studentA.id],
        school_id: net.schoolB.id,
      });
      expect(notAdministered.statusCode).toBe(403);
      expect((await studentRow(net.studentA.id))?.instructorId).toBe(net.instructorA.id);
      expect(await versionsOf(t.database.db, 'Student', net.studentA.id)).toEqual([]);
    });

    it('answers 422 in the SPEC shapes for bad input', async () => {
      const empty = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [],
        instructor_id: net.otherInstructorA.id,
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ student_ids: ['Select at least one student'] });
      const nothing = await put('/api/students/bulk_reassign', net.schoolAdminA.email, { student_ids: [net.studentA.id] });
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json()).toEqual(['Choose a school or an instructor']);
      const wrongInstructor = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [net.studentA.id],
        instructor_id: net.instructorB.id,
      });
      expect(wrongInstructor.statusCode).toBe(422);
      expect(Object.keys(wrongInstructor.json())).toEqual(['instructor']);
      const noHead = await put('/api/students/bulk_reassign', net.globalAdmin.email, {
        student_ids: [net.studentA.id],
        school_id: net.schoolB.id,
      });
      expect(noHead.statusCode).toBe(422);
      expect(noHead.body).toBe(messages.noHeadSchoolAdmin);
      expect((await studentRow(net.studentA.id))?.schoolId).toBe(net.schoolA.id);
    });

    it('gives students another instructor of their school', async () => {
      const response = await put('/api/students/bulk_reassign', net.schoolAdminA.email, {
        student_ids: [net.studentA.id],
        instructor_id: net.otherInstructorA.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ updated: 1, orphaned_enrollments: 0 });
      expect((await studentRow(net.studentA.id))?.instructorId).toBe(net.otherInstructorA.id);
      const [version] = await versionsOf(t.database.db, 'Student', net.studentA.id);
      expect(version).toMatchObject({ event: 'update', whodunnit: net.schoolAdminA.id });
      expect(version!.objectChanges.instructorId).toEqual([net.instructorA.id, net.otherInstructorA.id]);
    });

    it('moves students to another school, orphaning the enrollments it does not offer and deleting nothing', async () => {
      const db = t.database.db;
      const { school: target, head } = await createStaffedSchool(db, { conferenceId: net.conferenceA.id });
      const mover = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id });
      const { course: both } = await createCourse(db, 1);
      const { course: onlyHere } = await createCourse(db, 1);
      const { course: onlyThere } = await createCourse(db, 1);
      await offer(db, both.id, net.schoolA.id);
      await offer(db, both.id, target.id);
      await offer(db, onlyHere.id, net.schoolA.id);
      await offer(db, onlyThere.id, target.id);
      const { seminar: heldHere } = await createSeminar(db, net.schoolA.id, 1);
      const { seminar: heldThere } = await createSeminar(db, target.id, 1);
      const offered = await enroll(db, mover.id, both.id);
      const notOffered = await enroll(db, mover.id, onlyHere.id);
      const wasOrphaned = await enroll(db, mover.id, onlyThere.id, { orphaned: true });
      const seminarHere = await enroll(db, mover.id, heldHere.id, { status: 'Applied' });
      const seminarThere = await enroll(db, mover.id, heldThere.id, { status: 'Applied', orphaned: true });

      const response = await put('/api/students/bulk_reassign', net.conferenceAdminA.email, {
        student_ids: [mover.id],
        school_id: target.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ updated: 1, orphaned_enrollments: 2 });
      expect(await studentRow(mover.id)).toMatchObject({ schoolId: target.id, instructorId: head.id });

      const after = await db.select().from(enrollments).where(eq(enrollments.studentId, mover.id));
      const orphaned = Object.fromEntries(after.map((row) => [row.id, row.orphaned]));
      expect(orphaned).toEqual({
        [offered.id]: false,
        [notOffered.id]: true,
        [wasOrphaned.id]: false,
        [seminarHere.id]: true,
        [seminarThere.id]: false,
      });
      for (const changed of [notOffered, wasOrphaned, seminarHere, seminarThere]) {
        const [version] = await versionsOf(db, 'Enrollment', changed.id);
        expect(version).toMatchObject({ event: 'update', whodunnit: net.conferenceAdminA.id });
        expect(version!.objectChanges.orphaned).toEqual([changed.orphaned, !changed.orphaned]);
      }
      expect(await versionsOf(db, 'Enrollment', offered.id)).toEqual([]);
      const [studentVersion] = await versionsOf(db, 'Student', mover.id);
      expect(studentVersion!.objectChanges.schoolId).toEqual([net.schoolA.id, target.id]);
    });

    it('leaves every student as it was when one of them may not be reassigned', async () => {
      const db = t.database.db;
      const { school: target } = await createStaffedSchool(db, { conferenceId: net.conferenceA.id });
      const first = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id });
      const response = await put('/api/students/bulk_reassign', net.conferenceAdminA.email, {
        student_ids: [first.id, net.studentB.id],
        school_id: target.id,
      });
      expect(response.statusCode).toBe(404);
      expect((await studentRow(first.id))?.schoolId).toBe(net.schoolA.id);
      expect(await versionsOf(db, 'Student', first.id)).toEqual([]);
    });
  });

  describe('PUT /api/students/bulk_share and bulk_unshare', () => {
    const shareRows = (studentId: number, userId: number) =>
      t.database.db
        .select()
        .from(studentShares)
        .where(and(eq(studentShares.studentId, studentId), eq(studentShares.userId, userId)));

    it('answers 401 signed out and 403 to a user without a role', async () => {
      for (const url of ['/api/students/bulk_share', '/api/students/bulk_unshare']) {
        const body = { student_ids: [net.studentA.id], user_ids: [net.otherInstructorA.id] };
        expect((await put(url, null, body)).statusCode).toBe(401);
        expect((await put(url, noRole.email, body)).statusCode).toBe(403);
      }
    });

    it('answers 404 out of scope, 403 to who neither administers nor teaches the student, 422 for other users', async () => {
      const instructor = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolB.id });
      await share(t.database.db, net.studentB.id, net.otherInstructorA.id);
      for (const url of ['/api/students/bulk_share', '/api/students/bulk_unshare']) {
        const outOfScope = await put(url, net.instructorA.email, {
          student_ids: [net.studentB.id],
          user_ids: [net.otherInstructorA.id],
        });
        const missing = await put(url, net.instructorA.email, {
          student_ids: [999999999],
          user_ids: [net.otherInstructorA.id],
        });
        expect(outOfScope.statusCode).toBe(404);
        expect(outOfScope.json()).toEqual(missing.json());
        const sharedOnly = await put(url, net.otherInstructorA.email, {
          student_ids: [net.studentB.id],
          user_ids: [net.instructorA.id],
        });
        expect(sharedOnly.statusCode).toBe(403);
        const stranger = await put(url, net.schoolAdminA.email, {
          student_ids: [net.studentA2.id],
          user_ids: [instructor.id],
        });
        expect(stranger.statusCode).toBe(422);
        expect(Object.keys(stranger.json())).toEqual(['user']);
        const empty = await put(url, net.schoolAdminA.email, { student_ids: [net.studentA2.id], user_ids: [] });
        expect(empty.statusCode).toBe(422);
        expect(Object.keys(empty.json())).toEqual(['user_ids']);
      }
      expect(await shareRows(net.studentA2.id, instructor.id)).toEqual([]);
    });

    it('shares idempotently with a version, and the user then sees the student', async () => {
      const body = { student_ids: [net.studentA2.id], user_ids: [net.instructorA.id] };
      const read = async () =>
        t.app.inject({
          method: 'GET',
          url: `/api/students/${net.studentA2.id}`,
          headers: await t.headersFor(net.instructorA.email),
        });
      expect((await read()).statusCode).toBe(404);
      const first = await put('/api/students/bulk_share', net.otherInstructorA.email, body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ updated: 1 });
      const again = await put('/api/students/bulk_share', net.otherInstructorA.email, body);
      expect(again.json()).toEqual({ updated: 0 });
      expect(await shareRows(net.studentA2.id, net.instructorA.id)).toEqual([
        expect.objectContaining({ sharedById: net.otherInstructorA.id }),
      ]);
      const versions = await versionsOf(t.database.db, 'StudentShare', net.studentA2.id);
      expect(versions.map((v) => v.event)).toEqual(['create']);
      expect((await read()).statusCode).toBe(200);

      const removed = await put('/api/students/bulk_unshare', net.schoolAdminA.email, body);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ updated: 1 });
      expect(await shareRows(net.studentA2.id, net.instructorA.id)).toEqual([]);
      const afterUnshare = await versionsOf(t.database.db, 'StudentShare', net.studentA2.id);
      expect(afterUnshare.map((v) => v.event)).toEqual(['create', 'destroy']);
      expect((await read()).statusCode).toBe(404);
      expect((await put('/api/students/bulk_unshare', net.schoolAdminA.email, body)).json()).toEqual({ updated: 0 });
    });

    it('shares many students with many users in one call', async () => {
      const db = t.database.db;
      const extra = await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.schoolAdminA.id });
      const response = await put('/api/students/bulk_share', net.schoolAdminA.email, {
        student_ids: [net.studentA.id, extra.id, extra.id],
        user_ids: [net.instructorA.id, net.otherInstructorA.id],
      });
      expect(response.json()).toEqual({ updated: 4 });
      const rows = await db
        .select()
        .from(studentShares)
        .where(
          and(
            inArray(studentShares.studentId, [net.studentA.id, extra.id]),
            inArray(studentShares.userId, [net.instructorA.id, net.otherInstructorA.id]),
          ),
        );
      expect(rows).toHaveLength(4);
      expect(await versionsOf(db, 'StudentShare', extra.id)).toHaveLength(2);
    });
  });
});
