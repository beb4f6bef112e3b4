import { messages } from '@srs/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { enrollments, studentShares } from '../src/db/schema/index.ts';
import { createSeminar, versionsOf } from './support/enrollment-factories.ts';
import { createCourse, createSchool, offer } from './support/factories.ts';
import { outboxTo, studentForm, studentsNamed } from './support/student-factories.ts';
import { useStudentWritesFixture } from './support/student-writes.ts';

describe('student writes', () => {
  const w = useStudentWritesFixture();

  describe('POST /api/students', () => {
    it('answers 401 signed out and 403 to a user without a role', async () => {
      const body = studentForm({ school_id: w.net.schoolA.id });
      expect((await w.call('POST', '/api/students', null, body)).statusCode).toBe(401);
      const response = await w.call('POST', '/api/students', w.noRole.email, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(messages.notAuthorized);
    });

    it('answers 404 for a school out of scope, exactly like a missing one', async () => {
      const outOfScope = await w.call(
        'POST',
        '/api/students',
        w.net.instructorA.email,
        studentForm({ school_id: w.net.schoolB.id }),
      );
      const missing = await w.call('POST', '/api/students', w.net.instructorA.email, studentForm({ school_id: 999999999 }));
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(missing.json());
      expect(await studentsNamed(w.t.database.db, 'Lovelace')).toEqual([]);
    });

    it('answers 422 in the SPEC shapes for bad input', async () => {
      const { first_name: _omitted, ...withoutFirstName } = studentForm({ school_id: w.net.schoolA.id });
      const missing = await w.call('POST', '/api/students', w.net.schoolAdminA.email, withoutFirstName);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({ first_name: [messages.fieldRequired] });
      const blank = await w.call(
        'POST',
        '/api/students',
        w.net.schoolAdminA.email,
        studentForm({ school_id: w.net.schoolA.id, city: '  ', email: 'not-an-email' }),
      );
      expect(blank.json()).toEqual({ city: [messages.fieldRequired], email: ['is not a valid email address'] });

      const noHead = await w.call('POST', '/api/students', w.net.globalAdmin.email, studentForm({ school_id: w.net.schoolB.id }));
      expect(noHead.statusCode).toBe(422);
      // A string body, shown as is (SPEC section 8).
      expect(noHead.body).toBe(messages.noHeadSchoolAdmin);

      const inactive = await createSchool(w.t.database.db, { active: false, headSchoolAdminId: w.net.schoolAdminA.id });
      const closed = await w.call('POST', '/api/students', w.net.globalAdmin.email, studentForm({ school_id: inactive.id }));
      expect(closed.statusCode).toBe(422);
      expect(closed.json()).toEqual({ school: ['is not active'] });

      const wrongInstructor = await w.call(
        'POST',
        '/api/students',
        w.net.schoolAdminA.email,
        studentForm({ school_id: w.net.schoolA.id, instructor_id: w.net.instructorB.id }),
      );
      expect(wrongInstructor.statusCode).toBe(422);
      expect(wrongInstructor.json()).toEqual({ instructor_id: ["is not this school's head school admin"] });

      const { course } = await createCourse(w.t.database.db, 1);
      const notOffered = await w.call(
        'POST',
        '/api/students',
        w.net.schoolAdminA.email,
        studentForm({ school_id: w.net.schoolA.id, series_id: course.id }),
      );
      expect(notOffered.statusCode).toBe(422);
      expect(notOffered.json()).toEqual({ series: ['is not offered by this school'] });
      expect(await studentsNamed(w.t.database.db, 'Lovelace')).toEqual([]);
    });

    it('creates the student with the head school admin as instructor and its version', async () => {
      const response = await w.call(
        'POST',
        '/api/students',
        w.net.schoolAdminA.email,
        studentForm({ school_id: w.net.schoolA.id, last_name: 'Created', phone: '555-0100' }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      expect(response.json()).toMatchObject({
        first_name: 'Ada',
        middle_name: 'May',
        last_name: 'Created',
        include_in_mailing_list: 'if_address_valid',
        instructor: { id: w.net.schoolAdminA.id },
        school: { id: w.net.schoolA.id },
      });
      const [row] = await studentsNamed(w.t.database.db, 'Created');
      expect(row).toMatchObject({ id, createdById: w.net.schoolAdminA.id, instructorId: w.net.schoolAdminA.id, phone: '555-0100' });
      const [version] = await versionsOf(w.t.database.db, 'Student', id);
      expect(version).toMatchObject({ event: 'create', whodunnit: w.net.schoolAdminA.id });
      // An admin of the school sees the student already: nothing is shared.
      expect(await w.t.database.db.select().from(studentShares).where(eq(studentShares.studentId, id))).toEqual([]);
    });

    it("takes the head school admin as instructor_id and refuses another instructor of the school (SPEC section 3)", async () => {
      const postAs = (email: string, last_name: string, instructor_id: number) =>
        w.call('POST', '/api/students', email, studentForm({ school_id: w.net.schoolA.id, last_name, instructor_id }));
      const other = await postAs(w.net.instructorA.email, 'Handed', w.net.otherInstructorA.id);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ instructor_id: ["is not this school's head school admin"] });
      expect(await studentsNamed(w.t.database.db, 'Handed')).toEqual([]);
      const head = await postAs(w.net.conferenceAdminA.email, 'Assigned', w.net.schoolAdminA.id);
      expect(head.statusCode).toBe(201);
      expect(head.json().instructor.id).toBe(w.net.schoolAdminA.id);
    });

    it("shares the student with an instructor who adds to their own school, so they can open it", async () => {
      const response = await w.call(
        'POST',
        '/api/students',
        w.net.instructorA.email,
        studentForm({ school_id: w.net.schoolA.id, last_name: 'Shared' }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      expect(response.json().instructor.id).toBe(w.net.schoolAdminA.id);
      const shares = await w.t.database.db.select().from(studentShares).where(eq(studentShares.studentId, id));
      expect(shares).toEqual([
        expect.objectContaining({ userId: w.net.instructorA.id, sharedById: w.net.instructorA.id }),
      ]);
      expect(await versionsOf(w.t.database.db, 'StudentShare', id)).toHaveLength(1);
      const read = await w.t.app.inject({
        method: 'GET',
        url: `/api/students/${id}`,
        headers: await w.t.headersFor(w.net.instructorA.email),
      });
      expect(read.statusCode).toBe(200);
    });

    it('answers a retried request_key with the same student (200) and creates nothing more', async () => {
      const seminar = await createSeminar(w.t.database.db, w.net.schoolA.id, 1);
      const body = studentForm({
        school_id: w.net.schoolA.id,
        last_name: 'Retried',
        request_key: 'key-retried-0001',
        notify_instructor_by_email: true,
        series_id: seminar.seminar.id,
      });
      const first = await w.call('POST', '/api/students', w.net.conferenceAdminA.email, body);
      const second = await w.call('POST', '/api/students', w.net.conferenceAdminA.email, body);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      expect(await studentsNamed(w.t.database.db, 'Retried')).toHaveLength(1);
      const retriedMail = async () =>
        (await outboxTo(w.t.database.db, w.net.schoolAdminA.email)).filter((m) => m.text.includes('Retried'));
      expect(await retriedMail()).toHaveLength(1);
      // Another user's key is their own; the head school admin adding a student is not told of it.
      const other = await w.call('POST', '/api/students', w.net.schoolAdminA.email, body);
      expect(other.statusCode).toBe(201);
      expect(await studentsNamed(w.t.database.db, 'Retried')).toHaveLength(2);
      expect(await retriedMail()).toHaveLength(1);
    });

    it('settles two simultaneous creates with one request_key on one student', async () => {
      const body = studentForm({ school_id: w.net.schoolA.id, last_name: 'Raced', request_key: 'key-raced-0001' });
      const [a, b] = await Promise.all([
        w.call('POST', '/api/students', w.net.schoolAdminA.email, body),
        w.call('POST', '/api/students', w.net.schoolAdminA.email, body),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(await studentsNamed(w.t.database.db, 'Raced')).toHaveLength(1);
      expect(await versionsOf(w.t.database.db, 'Student', a.json().id)).toHaveLength(1);
    });

    it("puts a new-student notice to the instructor in the outbox", async () => {
      const { course } = await createCourse(w.t.database.db, 1, { name: 'Prophecy Speaks' });
      await offer(w.t.database.db, course.id, w.net.schoolA.id);
      const response = await w.call(
        'POST',
        '/api/students',
        w.net.instructorA.email,
        studentForm({
          school_id: w.net.schoolA.id,
          last_name: 'Notified',
          series_id: course.id,
          notify_instructor_by_email: true,
        }),
      );
      expect(response.statusCode).toBe(201);
      const id = response.json().id as number;
      const mail = (await outboxTo(w.t.database.db, w.net.schoolAdminA.email)).filter((m) => m.text.includes('Notified'));
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ kind: 'new_student', status: 'pending' });
      expect(mail[0]!.subject).toContain('Ada May Notified');
      expect(mail[0]!.text).toContain(`(#${w.net.schoolA.schoolCode}) Alpha Church`);
      expect(mail[0]!.text).toContain('Prophecy Speaks');
      expect(mail[0]!.text).toContain(`http://localhost:3000/students/${id}/overview`);
      // Not enrolled here: the web app posts the enrollment separately.
      expect(await w.t.database.db.select().from(enrollments).where(eq(enrollments.studentId, id))).toEqual([]);
    });

    it('leaves no student, share, mail or version when the save fails part way', async () => {
      await w.t.database.exec(`
        create or replace function refuse_mail() returns trigger language plpgsql as $$
        begin raise exception 'mail refused'; end $$;
        create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail();`);
      try {
        const response = await w.call(
          'POST',
          '/api/students',
          w.net.instructorA.email,
          studentForm({ school_id: w.net.schoolA.id, last_name: 'Rolledback', notify_instructor_by_email: true }),
        );
        expect(response.statusCode).toBe(500);
      } finally {
        await w.t.database.exec('drop trigger refuse_mail on mail_outbox; drop function refuse_mail();');
      }
      expect(await studentsNamed(w.t.database.db, 'Rolledback')).toEqual([]);
      const strayVersions = await rows(
        w.t.database.db.execute(
          sql`select id from versions where item_type = 'Student' and object_changes::text like '%Rolledback%'`,
        ),
      );
      expect(strayVersions).toEqual([]);
    });
  });
});
