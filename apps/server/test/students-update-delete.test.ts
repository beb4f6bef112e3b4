import { messages } from '@srs/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, students, studentShares } from '../src/db/schema/index.ts';
import { useStudentWritesFixture } from './support/student-writes.ts';
import { createCourse, createUser, deliver, enroll, remind, share } from './support/factories.ts';
import { createDecisionOption, createProductOffer, createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { attend, decide, deliverProduct, studentForm, visit, writeNote } from './support/student-factories.ts';

describe('student updates and deletes', () => {
  const w = useStudentWritesFixture();

  describe('PUT /api/students/:id', () => {
    it('answers 401, 403 without a role, 404 out of scope like a missing one, 422 on bad input', async () => {
      const body = studentForm();
      expect((await w.call('PUT', `/api/students/${w.net.studentA.id}`, null, body)).statusCode).toBe(401);
      expect((await w.call('PUT', `/api/students/${w.net.studentA.id}`, w.noRole.email, body)).statusCode).toBe(403);
      const outOfScope = await w.call('PUT', `/api/students/${w.net.studentB.id}`, w.net.instructorA.email, body);
      const missing = await w.call('PUT', '/api/students/999999999', w.net.instructorA.email, body);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      const bad = await w.call('PUT', `/api/students/${w.net.studentA.id}`, w.net.instructorA.email, {
        ...body,
        last_name: '',
        include_in_mailing_list: 'sometimes',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().last_name).toEqual([messages.fieldRequired]);
      expect(Object.keys(bad.json())).toContain('include_in_mailing_list');
      expect(await versionsOf(w.t.database.db, 'Student', w.net.studentB.id)).toEqual([]);
    });

    it("updates the profile of a visible student with its version", async () => {
      const response = await w.call(
        'PUT',
        `/api/students/${w.net.studentA.id}`,
        w.net.instructorA.email,
        studentForm({ first_name: 'Zebulon', last_name: 'Quartermain', city: 'Shelbyville', include_in_mailing_list: 'never' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: w.net.studentA.id, city: 'Shelbyville', include_in_mailing_list: 'never' });
      const [row] = await w.t.database.db.select().from(students).where(eq(students.id, w.net.studentA.id));
      expect(row).toMatchObject({ city: 'Shelbyville', includeInMailingList: 'never', middleName: 'May' });
      const [version] = await versionsOf(w.t.database.db, 'Student', w.net.studentA.id);
      expect(version).toMatchObject({ event: 'update', whodunnit: w.net.instructorA.id });
      expect(version!.objectChanges.city).toEqual(['Springfield', 'Shelbyville']);
    });
  });

  describe('DELETE /api/students/:id', () => {
    it('answers 401, 403 to instructors and to admins of another school, 404 out of scope, 422 on a bad id', async () => {
      expect((await w.call('DELETE', `/api/students/${w.net.studentA.id}`, null)).statusCode).toBe(401);
      const instructor = await w.call('DELETE', `/api/students/${w.net.studentA.id}`, w.net.instructorA.email);
      expect(instructor.statusCode).toBe(403);
      expect((await w.call('DELETE', `/api/students/${w.net.studentA.id}`, w.noRole.email)).statusCode).toBe(403);
      const adminB = await createUser(w.t.database.db, { roleType: 'school_admin', schoolId: w.net.schoolB.id });
      await share(w.t.database.db, w.net.studentA2.id, adminB.id);
      const sharedOnly = await w.call('DELETE', `/api/students/${w.net.studentA2.id}`, adminB.email);
      expect(sharedOnly.statusCode).toBe(403);
      expect(sharedOnly.json().error).toBe(messages.notAuthorized);
      const outOfScope = await w.call('DELETE', `/api/students/${w.net.studentB.id}`, w.net.schoolAdminA.email);
      const missing = await w.call('DELETE', '/api/students/999999999', w.net.schoolAdminA.email);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect((await w.call('DELETE', '/api/students/abc', w.net.schoolAdminA.email)).statusCode).toBe(422);
      const left = await w.t.database.db.select({ id: students.id }).from(students).where(eq(students.id, w.net.studentA2.id));
      expect(left).toHaveLength(1);
    });

    it('deletes the student and keeps every dependent row in its destroy version', async () => {
      const db = w.t.database.db;
      const { course, lessons } = await createCourse(db, 2);
      const seminar = await createSeminar(db, w.net.schoolA.id, 1);
      const option = await createDecisionOption(db, course.id, 'Baptism');
      const product = await createProductOffer(db, null, { name: 'Bible' });
      const courseEnrollment = await enroll(db, w.net.studentA2.id, course.id);
      const seminarEnrollment = await enroll(db, w.net.studentA2.id, seminar.seminar.id, { status: 'Applied' });
      const delivery = await deliver(db, courseEnrollment.id, lessons[0]!.id, { dateSent: '2026-01-05' });
      const attendance = await attend(db, seminarEnrollment.id, seminar.presentations[0]!.id);
      const visited = await visit(db, courseEnrollment.id, '2026-01-10');
      const reminder = await remind(db, courseEnrollment.id, '2026-03-01');
      await decide(db, courseEnrollment.id, option.id, { episodeDeliveryId: delivery.id });
      await writeNote(db, { studentId: w.net.studentA2.id, text: 'Asked about prayer', visitId: visited.id });
      await deliverProduct(db, { enrollmentId: courseEnrollment.id, productOfferId: product.id, deliveredAt: '2026-01-12', price: '3.00' });
      await share(db, w.net.studentA2.id, w.net.instructorB.id);

      const response = await w.call('DELETE', `/api/students/${w.net.studentA2.id}`, w.net.schoolAdminA.email);
      expect(response.statusCode).toBe(204);
      expect(await db.select().from(students).where(eq(students.id, w.net.studentA2.id))).toEqual([]);
      expect(await db.select().from(enrollments).where(eq(enrollments.studentId, w.net.studentA2.id))).toEqual([]);

      const [version] = await versionsOf(db, 'Student', w.net.studentA2.id);
      expect(version).toMatchObject({ event: 'destroy', whodunnit: w.net.schoolAdminA.id });
      const object = version!.object as Record<string, unknown> & { associations: Record<string, { id?: number }[]> };
      expect(object).toMatchObject({ firstName: 'Xanthe', lastName: 'Quartermain', schoolId: w.net.schoolA.id });
      const associations = object.associations;
      expect(associations.enrollments!.map((row) => row.id).sort()).toEqual(
        [courseEnrollment.id, seminarEnrollment.id].sort(),
      );
      expect(associations.episode_deliveries!.map((row) => row.id)).toEqual([delivery.id]);
      expect(associations.attendances!.map((row) => row.id)).toEqual([attendance.id]);
      expect(associations.visits!.map((row) => row.id)).toEqual([visited.id]);
      expect(associations.reminders!.map((row) => row.id)).toEqual([reminder.id]);
      expect(associations.decisions).toHaveLength(1);
      expect(associations.notes).toEqual([expect.objectContaining({ text: 'Asked about prayer' })]);
      expect(associations.product_deliveries).toEqual([expect.objectContaining({ price: '3.00' })]);
      expect(associations.student_shares).toEqual(
        expect.arrayContaining([expect.objectContaining({ studentId: w.net.studentA2.id, userId: w.net.instructorB.id })]),
      );
      expect(await db.select().from(studentShares).where(eq(studentShares.studentId, w.net.studentA2.id))).toEqual([]);
    });
  });
});
