import { messages } from '@srs/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, students, studentShares } from '../src/db/schema/index.ts';
import { rows } from '../src/lib/lists.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createUser, deliver, enroll, offer, remind, share } from './support/factories.ts';
import { createDecisionOption, createProductOffer, createSeminar, versionsOf } from './support/enrollment-factories.ts';
import {
  attend,
  createStaffedNetwork,
  decide,
  deliverProduct,
  outboxTo,
  type StaffedNetwork,
  studentForm,
  studentsNamed,
  visit,
  writeNote,
} from './support/student-factories.ts';

describe('student writes', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let noRole: { email: string };
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, email: string | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: email ? await t.headersFor(email) : {} });

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    noRole = await createUser(t.database.db, null);
  });
  afterAll(async () => t.close());

  describe('POST /api/students', () => {
    it('answers 401 signed out and 403 to a user without a role', async () => {
      const body = studentForm({ school_id: net.schoolA.id });
      expect((await call('POST', '/api/students', null, body)).statusCode).toBe(401);
      const response = await call('POST', '/api/students', noRole.email, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(messages.notAuthorized);
    });

    it('answers 404 for a school out of scope, exactly like a missing one', async () => {
      const outOfScope = await call(
        'POST',
        '/api/students',
        net.instructorA.email,
        studentForm({ school_id: net.schoolB.id }),
      );
      const missing = await call('POST', '/api/students', net.instructorA.email, studentForm({ school_id: 999999999 }));
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect(await studentsNamed(t.database.db, 'Lovelace')).toEqual([]);
    });

    it('answers 422 in the SPEC shapes for bad input', async () => {
      const { first_name: _omitted, ...withoutFirstName } = studentForm({ school_id: net.schoolA.id });
      const missing = await call('POST', '/api/students', net.schoolAdminA.email, withoutFirstName);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({ first_name: [messages.fieldRequired] });
      const blank = await call(
        'POST',
        '/api/students',
        net.schoolAdminA.email,
        studentForm({ school_id: net.schoolA.id, city: '  ', email: 'not-an-email' }),
      );
      expect(blank.json()).toEqual({ city: [messages.fieldRequired], email: ['is not a valid email address'] });

      const noHead = await call('POST', '/api/students', net.globalAdmin.email, studentForm({ school_id: net.schoolB.id }));
      expect(noHead.statusCode).toBe(422);
      // A string body, shown as is (SPEC section 8).
      expect(noHead.body).toBe(messages.noHeadSchoolAdmin);

      const inactive = await createSchool(t.database.db, { active: false, headSchoolAdminId: net.schoolAdminA.id });
      const closed = await call('POST', '/api/students', net.globalAdmin.email, studentForm({ school_id: inactive.id }));
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toEqual({ school: ['is not active'] });

      const wrongInstructor = await call(
        'POST',
        '/api/students',
        net.schoolAdminA.email,
        studentForm({ school_id: net.schoolA.id, instructor_id: net.instructorB.id }),
      );
      expect(wrongInstructor.statusCode).toBe(422);
      expect(Object.keys(wrongInstructor.json())).toEqual(['instructor']);

      const { course } = await createCourse(t.database.db, 1);
      const notOffered = await call(
        'POST',
        '/api/students',
        net.schoolAdminA.email,
        studentForm({ school_id: net.schoolA.id, series_id: course.id }),
      );
      expect(notOffered.statusCode).toBe(422);
      expect(notOffered.json()).toEqual({ series: ['is not offered by this school'] });
      expect(await studentsNamed(t.database.db, 'Lovelace')).toEqual([]);
    });

    it('creates the student with the head school admin as instructor and its version', async () => {
      const response = await call(
        'POST',
        '/api/students',
        net.schoolAdminA.email,
        studentForm({ school_id: net.schoolA.id, last_name: 'Created', phone: '555-0100' }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      expect(response.json()).toMatchObject({
        first_name: 'Ada',
        middle_name: 'May',
        last_name: 'Created',
        include_in_mailing_list: 'if_address_valid',
        instructor: { id: net.schoolAdminA.id },
        school: { id: net.schoolA.id },
      });
      const [row] = await studentsNamed(t.database.db, 'Created');
      expect(row).toMatchObject({ id, createdById: net.schoolAdminA.id, instructorId: net.schoolAdminA.id, phone: '555-0100' });
      const [version] = await versionsOf(t.database.db, 'Student', id);
      expect(version).toMatchObject({ event: 'create', whodunnit: net.schoolAdminA.id });
      // An admin of the school sees the student already: nothing is shared.
      expect(await t.database.db.select().from(studentShares).where(eq(studentShares.studentId, id))).toEqual([]);
    });

    it('accepts a given instructor of the school', async () => {
      const response = await call(
        'POST',
        '/api/students',
        net.conferenceAdminA.email,
        studentForm({ school_id: net.schoolA.id, last_name: 'Assigned', instructor_id: net.otherInstructorA.id }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().instructor.id).toBe(net.otherInstructorA.id);
    });

    it("shares the student with an instructor who adds to their own school, so they can open it", async () => {
      const response = await call(
        'POST',
        '/api/students',
        net.instructorA.email,
        studentForm({ school_id: net.schoolA.id, last_name: 'Shared' }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      expect(response.json().instructor.id).toBe(net.schoolAdminA.id);
      const shares = await t.database.db.select().from(studentShares).where(eq(studentShares.studentId, id));
      expect(shares).toEqual([
        expect.objectContaining({ userId: net.instructorA.id, sharedById: net.instructorA.id }),
      ]);
      expect(await versionsOf(t.database.db, 'StudentShare', id)).toHaveLength(1);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/students/${id}`,
        headers: await t.headersFor(net.instructorA.email),
      });
      expect(read.statusCode).toBe(200);
    });

    it('answers a retried request_key with the same student (200) and creates nothing more', async () => {
      const seminar = await createSeminar(t.database.db, net.schoolA.id, 1);
      const body = studentForm({
        school_id: net.schoolA.id,
        last_name: 'Retried',
        request_key: 'key-retried-0001',
        notify_instructor_by_email: true,
        series_id: seminar.seminar.id,
      });
      const first = await call('POST', '/api/students', net.schoolAdminA.email, body);
      const second = await call('POST', '/api/students', net.schoolAdminA.email, body);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      expect(await studentsNamed(t.database.db, 'Retried')).toHaveLength(1);
      const mail = (await outboxTo(t.database.db, net.schoolAdminA.email)).filter((m) => m.text.includes('Retried'));
      expect(mail).toHaveLength(1);
      // Another user's key is their own.
      const other = await call('POST', '/api/students', net.conferenceAdminA.email, body);
      expect(other.statusCode).toBe(201);
      expect(await studentsNamed(t.database.db, 'Retried')).toHaveLength(2);
    });

    it('settles two simultaneous creates with one request_key on one student', async () => {
      const body = studentForm({ school_id: net.schoolA.id, last_name: 'Raced', request_key: 'key-raced-0001' });
      const [a, b] = await Promise.all([
        call('POST', '/api/students', net.schoolAdminA.email, body),
        call('POST', '/api/students', net.schoolAdminA.email, body),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(await studentsNamed(t.database.db, 'Raced')).toHaveLength(1);
      expect(await versionsOf(t.database.db, 'Student', a.json().id)).toHaveLength(1);
    });

    it("puts a new-student notice to the instructor in the outbox", async () => {
      const { course } = await createCourse(t.database.db, 1, { name: 'Prophecy Speaks' });
      await offer(t.database.db, course.id, net.schoolA.id);
      const response = await call(
        'POST',
        '/api/students',
        net.instructorA.email,
        studentForm({
          school_id: net.schoolA.id,
          last_name: 'Notified',
          series_id: course.id,
          notify_instructor_by_email: true,
        }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      const mail = (await outboxTo(t.database.db, net.schoolAdminA.email)).filter((m) => m.text.includes('Notified'));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ kind: 'new_student', status: 'pending' });
      expect(mail[0]!.subject).toContain('Ada May Notified');
      expect(mail[0]!.text).toContain(`(#${net.schoolA.schoolCode}) Alpha Church`);
      expect(mail[0]!.text).toContain('Prophecy Speaks');
      expect(mail[0]!.text).toContain(`http://localhost:3000/students/${id}/overview`);
      // Not enrolled here: the web app posts the enrollment separately.
      expect(await t.database.db.select().from(enrollments).where(eq(enrollments.studentId, id))).toEqual([]);
    });

    it('leaves no student, share, mail or version when the save fails part way', async () => {
      await t.database.exec(`
        create or replace function refuse_mail() returns trigger language plpgsql as $$
        begin raise exception 'mail refused'; end $$;
        create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail();`);
      try {
        const response = await call(
          'POST',
          '/api/students',
          net.instructorA.email,
          studentForm({ school_id: net.schoolA.id, last_name: 'Rolledback', notify_instructor_by_email: true }),
        );
        expect(response.statusCode).toBe(500);
      } finally {
        await t.database.exec('drop trigger refuse_mail on mail_outbox; drop function refuse_mail();');
      }
      expect(await studentsNamed(t.database.db, 'Rolledback')).toEqual([]);
      const strayVersions = await rows(
        t.database.db.execute(
          sql`select id from versions where item_type = 'Student' and object_changes::text like '%Rolledback%'`,
        ),
      );
      expect(strayVersions).toEqual([]);
    });
  });

  describe('PUT /api/students/:id', () => {
    it('answers 401, 403 without a role, 404 out of scope like a missing one, 422 on bad input', async () => {
      const body = studentForm();
      expect((await call('PUT', `/api/students/${net.studentA.id}`, null, body)).statusCode).toBe(401);
      expect((await call('PUT', `/api/students/${net.studentA.id}`, noRole.email, body)).statusCode).toBe(403);
      const outOfScope = await call('PUT', `/api/students/${net.studentB.id}`, net.instructorA.email, body);
      const missing = await call('PUT', '/api/students/999999999', net.instructorA.email, body);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      const bad = await call('PUT', `/api/students/${net.studentA.id}`, net.instructorA.email, {
        ...body,
        last_name: '',
        include_in_mailing_list: 'sometimes',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().last_name).toEqual([messages.fieldRequired]);
      expect(Object.keys(bad.json())).toContain('include_in_mailing_list');
      expect(await versionsOf(t.database.db, 'Student', net.studentB.id)).toEqual([]);
    });

    it("updates the profile of a visible student with its version", async () => {
      const response = await call(
        'PUT',
        `/api/students/${net.studentA.id}`,
        net.instructorA.email,
        studentForm({ first_name: 'Zebulon', last_name: 'Quartermain', city: 'Shelbyville', include_in_mailing_list: 'never' }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: net.studentA.id, city: 'Shelbyville', include_in_mailing_list: 'never' });
      const [row] = await t.database.db.select().from(students).where(eq(students.id, net.studentA.id));
      expect(row).toMatchObject({ city: 'Shelbyville', includeInMailingList: 'never', middleName: 'May' });
      const [version] = await versionsOf(t.database.db, 'Student', net.studentA.id);
      expect(version).toMatchObject({ event: 'update', whodunnit: net.instructorA.id });
      expect(version!.objectChanges.city).toEqual(['Springfield', 'Shelbyville']);
    });
  });

  describe('DELETE /api/students/:id', () => {
    it('answers 401, 403 to instructors and to admins of another school, 404 out of scope, 422 on a bad id', async () => {
      expect((await call('DELETE', `/api/students/${net.studentA.id}`, null)).statusCode).toBe(401);
      const instructor = await call('DELETE', `/api/students/${net.studentA.id}`, net.instructorA.email);
      expect(instructor.statusCode).toBe(403);
      expect((await call('DELETE', `/api/students/${net.studentA.id}`, noRole.email)).statusCode).toBe(403);
      const adminB = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolB.id });
      await share(t.database.db, net.studentA2.id, adminB.id);
      const sharedOnly = await call('DELETE', `/api/students/${net.studentA2.id}`, adminB.email);
      expect(sharedOnly.statusCode).toBe(403);
      expect(sharedOnly.json().error).toBe(messages.notAuthorized);
      const outOfScope = await call('DELETE', `/api/students/${net.studentB.id}`, net.schoolAdminA.email);
      const missing = await call('DELETE', '/api/students/999999999', net.schoolAdminA.email);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect((await call('DELETE', '/api/students/abc', net.schoolAdminA.email)).statusCode).toBe(422);
      const left = await t.database.db.select({ id: students.id }).from(students).where(eq(students.id, net.studentA2.id));
      expect(left).toHaveLength(1);
    });

    it('deletes the student and keeps every dependent row in its destroy version', async () => {
      const db = t.database.db;
      const { course, lessons } = await createCourse(db, 2);
      const seminar = await createSeminar(db, net.schoolA.id, 1);
      const option = await createDecisionOption(db, course.id, 'Baptism');
      const product = await createProductOffer(db, null, { name: 'Bible' });
      const courseEnrollment = await enroll(db, net.studentA2.id, course.id);
      const seminarEnrollment = await enroll(db, net.studentA2.id, seminar.seminar.id, { status: 'Applied' });
      const delivery = await deliver(db, courseEnrollment.id, lessons[0]!.id, { dateSent: '2026-01-05' });
      const attendance = await attend(db, seminarEnrollment.id, seminar.presentations[0]!.id);
      const visited = await visit(db, courseEnrollment.id, '2026-01-10');
      const reminder = await remind(db, courseEnrollment.id, '2026-03-01');
      await decide(db, courseEnrollment.id, option.id, { episodeDeliveryId: delivery.id });
      await writeNote(db, { studentId: net.studentA2.id, text: 'Asked about prayer', visitId: visited.id });
      await deliverProduct(db, { enrollmentId: courseEnrollment.id, productOfferId: product.id, deliveredAt: '2026-01-12', price: '3.00' });
      await share(db, net.studentA2.id, net.instructorB.id);

      const response = await call('DELETE', `/api/students/${net.studentA2.id}`, net.schoolAdminA.email);
      expect(response.statusCode).toBe(204);
      expect(await db.select().from(students).where(eq(students.id, net.studentA2.id))).toEqual([]);
      expect(await db.select().from(enrollments).where(eq(enrollments.studentId, net.studentA2.id))).toEqual([]);

      const [version] = await versionsOf(db, 'Student', net.studentA2.id);
      expect(version).toMatchObject({ event: 'destroy', whodunnit: net.schoolAdminA.id });
      const object = version!.object as Record<string, unknown> & { associations: Record<string, { id?: number }[]> };
      expect(object).toMatchObject({ firstName: 'Xanthe', lastName: 'Quartermain', schoolId: net.schoolA.id });
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
        expect.arrayContaining([expect.objectContaining({ studentId: net.studentA2.id, userId: net.instructorB.id })]),
      );
      expect(await db.select().from(studentShares).where(eq(studentShares.studentId, net.studentA2.id))).toEqual([]);
    });
  });
});
