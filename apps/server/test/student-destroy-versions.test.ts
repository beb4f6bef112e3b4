import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordVersions } from '../src/core/audit.ts';
import { rows } from '../src/core/lists.ts';
import { decisionOptions, productOffers, students } from '../src/db/schema/index.ts';
import { studentsAssociations } from '../src/modules/students/student-associations.ts';
import { recordStudentsDestroyed } from '../src/modules/students/student-destroy-versions.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, deliver, enroll, offer, remind, share } from './support/factories.ts';
import { attend, createStaffedSchool, decide, deliverProduct, visit, writeNote } from './support/student-factories.ts';

/**
 * Issue 27: an import undone writes its students' destroy versions in SQL (student-destroy-versions.ts).
 * Each must be the version `recordVersions` writes for DELETE /students/{id}, whatever the columns hold:
 * here every kind of row that goes with a student, every column filled, timestamps to the microsecond.
 */

type Version = { item_type: string; item_id: number; event: string; whodunnit: number; object: Record<string, unknown>; object_changes: Record<string, unknown>; school_id: number };
class RolledBack extends Error {}

/** Lists of rows ordered by id (the read of `studentsAssociations` names no order). */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(ordered);
    const key = (item: unknown) => Number((item as { id?: number; userId?: number }).id ?? (item as { userId?: number }).userId);
    return items.every((item) => typeof item === 'object' && item !== null && !Number.isNaN(key(item))) ? [...items].sort((a, b) => key(a) - key(b)) : items;
  }
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ordered(item)]));
  return value;
}

describe('the destroy versions of many students written in SQL (issue 27)', () => {
  let t: TestContext;
  let actor: { userId: number };
  let rich: number;
  let bare: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'DVSQL' });
    const instructor = await createUser(db, { roleType: 'instructor', schoolId: school.id });
    actor = { userId: head.id };
    const { course, lessons } = await createCourse(db, 3, { name: 'Destroyed Hope' });
    await offer(db, course.id, school.id);
    const student = await createStudent(db, {
      schoolId: school.id,
      instructorId: instructor.id,
      firstName: 'Zoë',
      middleName: "O'Neil \"Q\"",
      lastName: 'Ümlaut',
      address2: 'Apt 2',
      email: 'zoe@example.test',
      phone: '555-0100',
      socialMedia: '@zoe',
      includeInMailingList: 'always',
      averyLabelPrintedAt: new Date('2026-03-04T05:06:07.891Z'),
      createdById: head.id,
      requestKey: 'key-1',
    });
    rich = student.id;
    bare = (await createStudent(db, { schoolId: school.id })).id;
    const enrollment = await enroll(db, rich, course.id, { lessonNumber: 2, lastSentDeliveryDate: '2026-02-01' });
    await enroll(db, rich, (await createCourse(db, 1)).course.id);
    const lesson = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-02-01', dateCompleted: '2026-02-20', gradingInstructorId: instructor.id });
    await deliver(db, enrollment.id, lessons[1]!.id, { dateSent: '2026-02-21' });
    const attendance = await attend(db, enrollment.id, lessons[2]!.id);
    const visited = await visit(db, enrollment.id, '2026-03-01');
    const reminder = await remind(db, enrollment.id, '2026-04-01');
    const [option] = await db.insert(decisionOptions).values({ seriesId: course.id, name: 'Baptism' }).returning();
    await decide(db, enrollment.id, option!.id, { episodeDeliveryId: lesson.id });
    await decide(db, enrollment.id, option!.id, { visitId: visited.id });
    const [product] = await db.insert(productOffers).values({ name: 'Bible', defaultPrice: '12.50' }).returning();
    await deliverProduct(db, { enrollmentId: enrollment.id, productOfferId: product!.id, deliveredAt: '2026-03-02', quantity: 2, price: '12.50', visitorName: 'Ann', deliveryType: 'PO' });
    await writeNote(db, { studentId: rich, type: 'Note', text: 'No enrollment', authorId: head.id });
    await writeNote(db, { studentId: rich, type: 'PrayerRequest', text: 'On a lesson', cachedEnrollmentId: enrollment.id, episodeDeliveryId: lesson.id, authorId: head.id });
    await writeNote(db, { studentId: rich, type: 'Note', text: 'On a reminder', cachedEnrollmentId: enrollment.id, reminderId: reminder.id });
    await writeNote(db, { studentId: rich, type: 'Note', text: 'On an attendance', cachedEnrollmentId: enrollment.id, attendanceId: attendance.id });
    await share(db, rich, instructor.id);
    await share(db, rich, head.id);
    // Pairs said not to be one person: with a student who stays, and between the two that go.
    const other = (await createStudent(db, { schoolId: school.id, firstName: 'Zoe', lastName: 'Umlaut' })).id;
    await t.database.query(`insert into students_not_same_person (student_id, other_student_id, said_by_id, said_at) values
      (least($1::bigint, $2::bigint), greatest($1::bigint, $2::bigint), $4, '2026-05-06 07:08:09.123456+00'),
      (least($1::bigint, $3::bigint), greatest($1::bigint, $3::bigint), null, now())`, [rich, other, bare, head.id]);
    // Timestamps to the microsecond, as PostgreSQL keeps them: a version keeps them to the millisecond.
    for (const table of ['students', 'enrollments', 'episode_deliveries', 'attendances', 'visits', 'reminders', 'product_deliveries', 'decisions', 'notes']) {
      await t.database.query(`update ${table} set created_at = created_at + interval '0.000999 seconds', updated_at = updated_at - interval '0.000001 seconds'`);
    }
    await t.database.query(`update student_shares set created_at = '2026-01-02 03:04:05.999999+00'`);
  });
  afterAll(async () => t.close());

  /** The versions that `write` records, in a transaction then rolled back. */
  const versionsWritten = async (write: (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0]) => Promise<void>) => {
    let written: Version[] = [];
    await t.database.db
      .transaction(async (tx) => {
        const [{ last }] = (await rows<{ last: number }>(tx.execute(sql`select coalesce(max(id), 0)::int as last from versions`))) as [{ last: number }];
        await write(tx);
        written = await rows<Version>(
          tx.execute(sql`select item_type, item_id::int as item_id, event, whodunnit::int as whodunnit, object, object_changes, school_id::int as school_id
            from versions where id > ${last} order by item_id`),
        );
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return written;
  };

  it('writes for each student the version recordVersions writes, every field and every row that goes with it', async () => {
    const ids = [rich, bare];
    const bySql = await versionsWritten((tx) => recordStudentsDestroyed(tx, actor as never, ids));
    const byServer = await versionsWritten(async (tx) => {
      const kept = await studentsAssociations(tx, ids);
      const rows = (await tx.select().from(students).where(sql`${students.id} in (${rich}, ${bare})`).orderBy(students.id)) as Record<string, unknown>[];
      await recordVersions(
        tx,
        actor as never,
        rows.map((row) => ({ itemType: 'Student', itemId: Number(row.id), before: { ...row, associations: kept.get(Number(row.id)) }, after: null })),
      );
    });
    expect(bySql).toHaveLength(2);
    expect(ordered(bySql)).toEqual(ordered(byServer));
    // Every kind of row is there, so that the comparison says something of each.
    const associations = bySql[0]!.object.associations as Record<string, unknown[]>;
    expect(Object.fromEntries(Object.entries(associations).map(([name, rows]) => [name, rows.length]))).toEqual({
      enrollments: 2,
      episode_deliveries: 2,
      attendances: 1,
      visits: 1,
      reminders: 1,
      product_deliveries: 1,
      decisions: 2,
      notes: 4,
      student_shares: 2,
      students_not_same_person: 2,
    });
    // The pair between the two that go is in both their versions.
    expect((bySql[1]!.object.associations as Record<string, unknown[]>).students_not_same_person).toHaveLength(1);
    expect(bySql[0]!.object.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
