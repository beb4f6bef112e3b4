import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createDecisionOption, createProductOffer } from './support/enrollment-factories.ts';
import { createCourse, createStudent, createUser, deliver, enroll, offer, remind, share } from './support/factories.ts';
import { expectDerivedDataAsTheTriggersKeepIt } from './support/kept-values.ts';
import { createStaffedSchool, decide, deliverProduct, outboxTo, visit, writeNote } from './support/student-factories.ts';
import { tableDigests } from './support/table-digests.ts';

/**
 * Issue 27: two records of one person merged, with a choice per field; every enrollment, lesson,
 * visit, reminder, decision, product, note, share and interest moves to the kept student; the
 * registration numbers stay; the instructors of both are told; /versions undoes it.
 */

/** Written on purpose by a merge and its undo: their trail, the mail, and what a delete leaves behind anyway. */
const trail = new Set(['versions', 'mail_outbox', 'idempotent_writes', 'rate_limits', 'decision_months', 'enrollment_months', 'enrollment_instructor_months', 'lesson_months', 'lesson_turnarounds', 'lesson_instructor_months', 'lesson_instructor_totals', 'lesson_instructor_turnarounds', 'lesson_network_months', 'lesson_network_turnarounds', 'lesson_episode_turnarounds', 'lesson_instructor_series_turnarounds', 'lesson_instructor_delivery_turnarounds', 'followup_counts', 'name_words']);
const productTablesOf = (digests: Record<string, string>) => Object.fromEntries(Object.entries(digests).filter(([name]) => !trail.has(name) && name !== 'students' && name !== 'student_shares'));

type Merged = { student_id: number; version_id: number; moved: Record<string, number>; same_series: { series_name: string; enrollment_ids: number[] }[] };

describe('merging two records of one person (issue 27)', () => {
  let t: TestContext;
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let global: Record<string, string>;
  let instructorHeaders: Record<string, string>;
  let schoolA: { id: number };
  let schoolB: { id: number };
  let headA: { id: number };
  let teacherA: { id: number; email: string };
  let teacherB: { id: number; email: string };
  let hope: { id: number; name: string; lessons: { id: number }[] };
  let faith: { id: number; name: string; lessons: { id: number }[] };

  const merge = (body: object, headers = adminA) => t.app.inject({ method: 'POST', url: '/api/students/merge', headers, payload: body });
  const count = async (sql: string, params: unknown[] = []) => Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);
  /**
   * Every table as its rows; the students' without when they last changed (a value set back is a
   * change), the shares' without when they were made (a row brought back from its version keeps
   * milliseconds, as every restored row does).
   */
  const everyTable = async () => ({
    ...productTablesOf(await tableDigests(t.database)),
    students: await t.database.query(
      `select id, first_name, middle_name, last_name, address, address_2, city, state, country, zip_code, email, phone,
         social_media, include_in_mailing_list, school_id, instructor_id, created_by_id, created_at, erased_at from students order by id`,
    ),
    student_shares: await t.database.query('select student_id, user_id, shared_by_id from student_shares order by 1, 2'),
  });

  /** A student with a whole history: an enrollment with lessons, a visit, a reminder, a decision, a product, notes, a share. */
  async function withHistory(schoolId: number, instructorId: number, course: typeof hope, name: string, extra: Record<string, unknown> = {}) {
    const db = t.database.db;
    const student = await createStudent(db, { schoolId, instructorId, firstName: name, lastName: 'Same', zipCode: '62701', ...extra });
    const enrollment = await enroll(db, student.id, course.id);
    const lesson = await deliver(db, enrollment.id, course.lessons[0]!.id, { dateSent: '2026-10-01', dateCompleted: '2026-10-15' });
    await deliver(db, enrollment.id, course.lessons[1]!.id, { dateSent: '2026-10-20' });
    const seen = await visit(db, enrollment.id, '2026-10-05');
    await remind(db, enrollment.id, '2026-12-01');
    const option = await createDecisionOption(db, course.id, `Baptism ${name}`);
    await decide(db, enrollment.id, option.id, { episodeDeliveryId: lesson.id });
    const product = await createProductOffer(db, course.id);
    await deliverProduct(db, { enrollmentId: enrollment.id, productOfferId: product.id, deliveredAt: '2026-10-02', price: '4.50' });
    await writeNote(db, { studentId: student.id, text: `About ${name}`, cachedEnrollmentId: enrollment.id, visitId: seen.id });
    await writeNote(db, { studentId: student.id, text: `Prayer for ${name}`, type: 'PrayerRequest' });
    return { student, enrollment };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const a = await createStaffedSchool(db, { schoolCode: 'MRGA' });
    const b = await createStaffedSchool(db, { schoolCode: 'MRGB' });
    schoolA = a.school;
    schoolB = b.school;
    adminA = await t.headersFor(a.head.email);
    headA = a.head;
    adminB = await t.headersFor(b.head.email);
    global = await t.headersFor((await createUser(db, { roleType: 'global_admin' })).email);
    teacherA = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id });
    teacherB = await createUser(db, { roleType: 'instructor', schoolId: schoolB.id });
    instructorHeaders = await t.headersFor(teacherA.email);
    const h = await createCourse(db, 4, { name: 'Merge Hope' });
    const f = await createCourse(db, 4, { name: 'Merge Faith' });
    hope = { ...h.course, lessons: h.lessons };
    faith = { ...f.course, lessons: f.lessons };
    for (const course of [hope, faith]) for (const school of [schoolA, schoolB]) await offer(db, course.id, school.id);
  });
  afterAll(async () => t.close());

  it('moves every record to the kept student with the chosen values, tells both instructors, and is undone from /versions', async () => {
    const db = t.database.db;
    const kept = await withHistory(schoolA.id, teacherA.id, hope, 'Ana', { phone: '555-0100', city: 'Springfield' });
    const other = await withHistory(schoolA.id, teacherB.id, faith, 'Anna', { phone: '555-0199', city: 'Shelbyville' });
    await share(db, other.student.id, teacherB.id);
    await share(db, other.student.id, teacherA.id);
    await share(db, kept.student.id, teacherA.id);
    const interest = await t.database.query<{ id: number }>(
      `insert into interests (first_name, last_name, school_id, student_id, enrollment_id) values ('Anna', 'Same', $1, $2, $3) returning id::int as id`,
      [schoolA.id, other.student.id, other.enrollment.id],
    );
    const before = await everyTable();
    const histories = async (enrollmentId: number) =>
      t.database.query(
        `select (select count(*) from episode_deliveries where enrollment_id = $1)::int as lessons,
           (select count(*) from visits where enrollment_id = $1)::int as visits,
           (select count(*) from reminders where enrollment_id = $1)::int as reminders,
           (select count(*) from decisions where cached_enrollment_id = $1)::int as decisions,
           (select count(*) from product_deliveries where enrollment_id = $1)::int as products,
           (select registration_number::int from enrollments where id = $1) as registration_number`,
        [enrollmentId],
      );
    const otherHistory = await histories(other.enrollment.id);

    const response = await merge({ kept_id: kept.student.id, merged_id: other.student.id, fields: { phone: 'merged', city: 'kept' } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as Merged;
    expect(result).toMatchObject({ student_id: kept.student.id, moved: { enrollments: 1, notes: 2, shares: 1, interests: 1 }, same_series: [] });
    const [student] = await t.database.query<Record<string, unknown>>('select phone, city from students where id = $1', [kept.student.id]);
    expect(student).toEqual({ phone: '555-0199', city: 'Springfield' });
    expect(await count('select count(*) as n from students where id = $1', [other.student.id])).toBe(0);
    // Its enrollment, with every lesson, visit, reminder, decision, product and its registration number, is the kept student's.
    expect(await count('select count(*) as n from enrollments where student_id = $1', [kept.student.id])).toBe(2);
    expect(await histories(other.enrollment.id)).toEqual(otherHistory);
    expect(otherHistory[0]).toMatchObject({ lessons: 2, visits: 1, reminders: 1, decisions: 1, products: 1 });
    expect(await count('select count(*) as n from notes where student_id = $1', [kept.student.id])).toBe(4);
    expect(await count('select count(*) as n from student_shares where student_id = $1', [kept.student.id])).toBe(2);
    expect(await count('select count(*) as n from interests where id = $1 and student_id = $2', [interest[0]!.id, kept.student.id])).toBe(1);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
    // Both instructors are told.
    expect((await outboxTo(db, teacherA.email)).map((mail) => mail.subject)).toContain('Students merged: Anna Same into Ana Same');
    expect((await outboxTo(db, teacherB.email)).map((mail) => mail.subject)).toContain('Students merged: Anna Same into Ana Same');

    // Undone from /versions, as a deleted student is restored: every table as before the merge.
    const detail = await t.app.inject({ method: 'GET', url: `/api/versions/${result.version_id}`, headers: adminA });
    expect(detail.json()).toMatchObject({ can_restore: true });
    const undone = await t.app.inject({ method: 'POST', url: `/api/versions/${result.version_id}/restore`, headers: adminA });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await everyTable()).toEqual(before);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });

  it('keeps two active enrollments in one course and says which to close; across schools, the records follow the kept school', async () => {
    const kept = await withHistory(schoolA.id, teacherA.id, hope, 'Bo');
    const other = await withHistory(schoolB.id, teacherB.id, hope, 'Bob');
    // A school admin sees only one of them: the other is absent.
    expect((await merge({ kept_id: kept.student.id, merged_id: other.student.id })).statusCode).toBe(404);
    expect((await merge({ kept_id: other.student.id, merged_id: kept.student.id }, adminB)).statusCode).toBe(404);
    const before = await everyTable();

    const response = await merge({ kept_id: kept.student.id, merged_id: other.student.id, fields: {} }, global);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as Merged;
    expect(result.same_series).toEqual([{ series_name: 'Merge Hope', enrollment_ids: [kept.enrollment.id, other.enrollment.id] }]);
    expect(await count('select count(*) as n from enrollments where id = $1 and school_id = $2', [other.enrollment.id, schoolA.id])).toBe(1);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
    const undone = await t.app.inject({ method: 'POST', url: `/api/versions/${result.version_id}/restore`, headers: global });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await everyTable()).toEqual(before);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });

  it('is undone only by an admin of the kept student’s school as it is now', async () => {
    const kept = await createStudent(t.database.db, { schoolId: schoolA.id, firstName: 'Di', lastName: 'Same' });
    const other = await createStudent(t.database.db, { schoolId: schoolA.id, firstName: 'Dee', lastName: 'Same' });
    const merged = await merge({ kept_id: kept.id, merged_id: other.id });
    expect(merged.statusCode, merged.body).toBe(200);
    // The kept student moves to school B since: school A's admin may not take records back out of it.
    await t.database.query('update students set school_id = $1 where id = $2', [schoolB.id, kept.id]);
    const version = (merged.json() as Merged).version_id;
    expect((await t.app.inject({ method: 'POST', url: `/api/versions/${version}/restore`, headers: adminA })).statusCode).toBe(403);
    expect(await count('select count(*) as n from students where id = $1', [other.id])).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/versions/${version}/restore`, headers: global })).statusCode).toBe(200);
  });

  it('is for admins of both schools, of two different students, neither erased', async () => {
    const one = await createStudent(t.database.db, { schoolId: schoolA.id, firstName: 'Cy', lastName: 'Same' });
    const two = await createStudent(t.database.db, { schoolId: schoolA.id, firstName: 'Cyd', lastName: 'Same' });
    expect((await merge({ kept_id: one.id, merged_id: two.id }, instructorHeaders)).statusCode).toBe(403);
    // A student of another school shared with school A's admin is seen, not theirs to merge, either way.
    const theirs = await createStudent(t.database.db, { schoolId: schoolB.id, firstName: 'Cy', lastName: 'Same' });
    await share(t.database.db, theirs.id, headA.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/students/${theirs.id}`, headers: adminA })).statusCode).toBe(200);
    expect((await merge({ kept_id: theirs.id, merged_id: one.id })).statusCode).toBe(403);
    expect((await merge({ kept_id: one.id, merged_id: theirs.id })).statusCode).toBe(403);
    const same = await merge({ kept_id: one.id, merged_id: one.id });
    expect(same.statusCode).toBe(422);
    expect(same.body).toContain('Choose two different students to merge.');
    await t.database.query('update students set erased_at = now() where id = $1', [two.id]);
    const erased = await merge({ kept_id: one.id, merged_id: two.id });
    expect(erased.statusCode).toBe(422);
    expect(erased.body).toContain('An erased student cannot be merged.');
  });
});
