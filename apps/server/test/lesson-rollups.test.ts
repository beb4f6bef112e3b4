import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendances,
  decisionOptions,
  decisions,
  episodeDeliveries,
  episodes,
  productDeliveries,
  productOffers,
  series,
  students,
  visits,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createStudent, createUser, deliver, enroll } from './support/factories.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';

/**
 * The counts the database keeps of lessons (migration 0010) follow every way lessons change: sent,
 * returned, retyped, removed, moved with their student to another school, and deleted with them.
 */
describe('the kept counts of lessons', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stay those of the lessons there are, through every change', async () => {
    const db = t.database.db;
    const month = async (schoolId: number) =>
      t.database.query<{ month: string; sent: number; completed: number }>(
        `select month::text, sum(sent)::int as sent, sum(completed)::int as completed from lesson_months
         where school_id = $1 group by 1 having sum(sent) <> 0 or sum(completed) <> 0 order by 1`,
        [schoolId],
      );
    const schoolA = await createSchool(db);
    const schoolB = await createSchool(db);
    const { course, lessons } = await createCourse(db, 3);
    const student = await createStudent(db, { schoolId: schoolA.id, firstName: 'Kept', lastName: 'Counts' });
    const enrollment = await enroll(db, student.id, course.id);
    await expectLessonCountsKept(t.database);

    const first = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-01-30', dateCompleted: '2026-02-03' });
    const second = await deliver(db, enrollment.id, lessons[1]!.id, { dateSent: '2026-02-10', deliveryType: null });
    await expectLessonCountsKept(t.database);
    expect(await month(schoolA.id)).toEqual([
      { month: '2026-01-01', sent: 1, completed: 0 },
      { month: '2026-02-01', sent: 1, completed: 1 },
    ]);

    await db.update(episodeDeliveries).set({ dateCompleted: '2026-03-01', deliveryType: 'IH' }).where(eq(episodeDeliveries.id, second.id));
    await db.update(episodeDeliveries).set({ dateSent: '2026-01-31' }).where(eq(episodeDeliveries.id, first.id));
    await expectLessonCountsKept(t.database);
    await db.delete(episodeDeliveries).where(eq(episodeDeliveries.id, first.id));
    await expectLessonCountsKept(t.database);
    expect(await month(schoolA.id)).toEqual([
      { month: '2026-02-01', sent: 1, completed: 0 },
      { month: '2026-03-01', sent: 0, completed: 1 },
    ]);

    // The student moves: the counts go with their enrollment to the new school.
    await deliver(db, enrollment.id, lessons[2]!.id, { dateSent: '2026-03-05', dateCompleted: '2026-03-09' });
    await db.update(students).set({ schoolId: schoolB.id }).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await month(schoolA.id)).toEqual([]);
    expect(await month(schoolB.id)).toEqual([
      { month: '2026-02-01', sent: 1, completed: 0 },
      { month: '2026-03-01', sent: 1, completed: 2 },
    ]);

    // Deleted with the student, through the enrollment's cascade.
    await db.delete(students).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await month(schoolB.id)).toEqual([]);
  });

  it('follow the student from one instructor to another, to none, and with a move of school (issue 28)', async () => {
    const db = t.database.db;
    const byInstructor = async () =>
      t.database.query<{ instructor_id: number; school_id: number; sent: number; completed: number; returned: number }>(
        `select m.instructor_id::int as instructor_id, m.school_id::int as school_id, m.sent, m.completed,
           (select coalesce(sum(lt.lessons), 0)::int from lesson_instructor_turnarounds lt
             where lt.instructor_id = m.instructor_id and lt.school_id = m.school_id) as returned
         from (select instructor_id, school_id, sum(sent)::int as sent, sum(completed)::int as completed
           from lesson_instructor_months where school_id = any($1::bigint[]) group by 1, 2) m
         where m.sent <> 0 or m.completed <> 0 order by 2, 1`,
        [[schoolA.id, schoolB.id]],
      );
    const schoolA = await createSchool(db);
    const schoolB = await createSchool(db);
    const first = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id });
    const second = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id });
    const { course, lessons } = await createCourse(db, 2);
    const student = await createStudent(db, { schoolId: schoolA.id, instructorId: first.id, firstName: 'Hands', lastName: 'Change' });
    const enrollment = await enroll(db, student.id, course.id);
    const delivered = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-01-05', dateCompleted: '2026-01-12' });
    await deliver(db, enrollment.id, lessons[1]!.id, { dateSent: '2026-01-20' });
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([{ instructor_id: first.id, school_id: schoolA.id, sent: 2, completed: 1, returned: 1 }]);
    // A decision made on the first lesson carries the school and instructor too (migration 0027).
    const [option] = await db.insert(decisionOptions).values({ seriesId: course.id, name: 'Hands Change' }).returning();
    const [decision] = await db
      .insert(decisions)
      .values({ decisionOptionId: option!.id, cachedEnrollmentId: enrollment.id, episodeDeliveryId: delivered.id })
      .returning();
    // A product delivered carries them too, with its course (migration 0031).
    const [offered] = await db.insert(productOffers).values({ name: 'Hands Change Bible', defaultPrice: '5.00' }).returning();
    const [product] = await db
      .insert(productDeliveries)
      .values({ enrollmentId: enrollment.id, productOfferId: offered!.id, deliveredAt: '2026-01-12', price: '5.00' })
      .returning();
    const decisionPlace = async () => {
      const [row] = await db.select().from(decisions).where(eq(decisions.id, decision!.id));
      const [delivered] = await db.select().from(productDeliveries).where(eq(productDeliveries.id, product!.id));
      expect([delivered!.cachedSchoolId, delivered!.cachedInstructorId, delivered!.cachedSeriesId]).toEqual([
        row!.cachedSchoolId,
        row!.cachedInstructorId,
        course.id,
      ]);
      // And each of its lessons (migration 0041).
      const lessonsOf = await db.select().from(episodeDeliveries).where(eq(episodeDeliveries.enrollmentId, enrollment.id));
      expect(lessonsOf.map((lesson) => [lesson.cachedSchoolId, lesson.cachedInstructorId])).toEqual([
        [row!.cachedSchoolId, row!.cachedInstructorId],
        [row!.cachedSchoolId, row!.cachedInstructorId],
      ]);
      return [row!.cachedSchoolId, row!.cachedInstructorId];
    };
    expect(await decisionPlace()).toEqual([schoolA.id, first.id]);

    await db.update(students).set({ instructorId: second.id }).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([{ instructor_id: second.id, school_id: schoolA.id, sent: 2, completed: 1, returned: 1 }]);
    expect(await decisionPlace()).toEqual([schoolA.id, second.id]);

    await db.update(students).set({ instructorId: null }).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([{ instructor_id: 0, school_id: schoolA.id, sent: 2, completed: 1, returned: 1 }]);
    expect(await decisionPlace()).toEqual([schoolA.id, null]);

    // Another school and another instructor in one change.
    await db.update(students).set({ schoolId: schoolB.id, instructorId: first.id }).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([{ instructor_id: first.id, school_id: schoolB.id, sent: 2, completed: 1, returned: 1 }]);
    expect(await decisionPlace()).toEqual([schoolB.id, first.id]);

    // An enrollment cannot be given another instructor than its student's.
    await t.database.query('update enrollments set instructor_id = $1 where id = $2', [second.id, enrollment.id]);
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([{ instructor_id: first.id, school_id: schoolB.id, sent: 2, completed: 1, returned: 1 }]);
    // Nor a product a place of its own.
    await db.update(productDeliveries).set({ cachedSchoolId: schoolA.id, cachedSeriesId: null }).where(eq(productDeliveries.id, product!.id));
    expect(await decisionPlace()).toEqual([schoolB.id, first.id]);
    // Nor a lesson.
    await db.update(episodeDeliveries).set({ cachedSchoolId: schoolA.id, cachedInstructorId: second.id }).where(eq(episodeDeliveries.id, delivered.id));
    expect(await decisionPlace()).toEqual([schoolB.id, first.id]);
    await expectLessonCountsKept(t.database);

    await db.delete(students).where(eq(students.id, student.id));
    await expectLessonCountsKept(t.database);
    expect(await byInstructor()).toEqual([]);
  });

  it("give a decision its lesson or presentation, and keep it when the record moves (migration 0030)", async () => {
    const db = t.database.db;
    const school = await createSchool(db);
    const { course, lessons } = await createCourse(db, 2);
    const student = await createStudent(db, { schoolId: school.id, firstName: 'Decision', lastName: 'Lesson' });
    const enrollment = await enroll(db, student.id, course.id);
    const delivered = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-01-05' });
    const [seminar] = await db.insert(series).values({ type: 'Seminar', name: 'Decision Seminar', schoolId: school.id }).returning();
    const presentations = await db
      .insert(episodes)
      .values([1, 2].map((position) => ({ seriesId: seminar!.id, position, name: `Talk ${position}`, date: '2026-02-01' })))
      .returning();
    const seminarEnrollment = await enroll(db, student.id, seminar!.id);
    const [attended] = await db.insert(attendances).values({ enrollmentId: seminarEnrollment.id, episodeId: presentations[0]!.id }).returning();
    const [visit] = await db.insert(visits).values({ enrollmentId: enrollment.id, date: '2026-02-02' }).returning();
    const [option] = await db.insert(decisionOptions).values({ seriesId: course.id, name: 'Decision Lesson' }).returning();
    const made = await db
      .insert(decisions)
      .values([
        { decisionOptionId: option!.id, cachedEnrollmentId: enrollment.id, episodeDeliveryId: delivered.id },
        { decisionOptionId: option!.id, cachedEnrollmentId: seminarEnrollment.id, attendanceId: attended!.id },
        { decisionOptionId: option!.id, cachedEnrollmentId: enrollment.id, visitId: visit!.id },
      ])
      .returning();
    const episodesOf = async () => {
      const found = await db.select().from(decisions).where(inArray(decisions.id, made.map((decision) => decision.id)));
      return made.map((decision) => found.find((row) => row.id === decision.id)!.cachedEpisodeId);
    };
    expect(await episodesOf()).toEqual([lessons[0]!.id, presentations[0]!.id, null]);
    // A lesson record or an attendance moved by hand (an edit in SQL) takes its decisions along.
    await db.update(episodeDeliveries).set({ episodeId: lessons[1]!.id }).where(eq(episodeDeliveries.id, delivered.id));
    await db.update(attendances).set({ episodeId: presentations[1]!.id }).where(eq(attendances.id, attended!.id));
    expect(await episodesOf()).toEqual([lessons[1]!.id, presentations[1]!.id, null]);
    // A value written by hand is put back.
    await db.update(decisions).set({ cachedEpisodeId: lessons[0]!.id }).where(eq(decisions.id, made[0]!.id));
    expect(await episodesOf()).toEqual([lessons[1]!.id, presentations[1]!.id, null]);
    // The attendance carries its student, school, instructor and seminar, and follows a move (migration 0033).
    const attendancePlace = async () => {
      const [row] = await db.select().from(attendances).where(eq(attendances.id, attended!.id));
      return [row!.cachedStudentId, row!.cachedSchoolId, row!.cachedInstructorId, row!.cachedSeriesId];
    };
    expect(await attendancePlace()).toEqual([student.id, school.id, null, seminar!.id]);
    const other = await createSchool(db);
    const instructor = await createUser(db, { roleType: 'instructor', schoolId: other.id });
    await db.update(students).set({ schoolId: other.id, instructorId: instructor.id }).where(eq(students.id, student.id));
    expect(await attendancePlace()).toEqual([student.id, other.id, instructor.id, seminar!.id]);
    await db.update(attendances).set({ cachedSchoolId: school.id }).where(eq(attendances.id, attended!.id));
    expect(await attendancePlace()).toEqual([student.id, other.id, instructor.id, seminar!.id]);
    await db.delete(students).where(eq(students.id, student.id));
  });

  // Two transactions on PostgreSQL (PGlite has one connection): a lesson written while its student
  // moves to another school and instructor, each order, keeps the place and the counts of the
  // enrollment as it ends (migration 0041; its lesson read the old school when the move had not
  // committed, and the old school's admin saw it in their reports).
  it.runIf(process.env.TEST_BACKEND === 'postgres')('keep a lesson written while its student moves where the student ends up', async () => {
    const db = t.database.db;
    const [schoolA, schoolB] = [await createSchool(db), await createSchool(db)];
    const [first, second] = [
      await createUser(db, { roleType: 'instructor', schoolId: schoolA.id }),
      await createUser(db, { roleType: 'instructor', schoolId: schoolB.id }),
    ];
    const { course, lessons } = await createCourse(db, 4);
    for (const writerFirst of [false, true]) {
      const student = await createStudent(db, { schoolId: schoolA.id, instructorId: first.id, firstName: 'Race', lastName: 'Mover' });
      const enrollment = await enroll(db, student.id, course.id);
      await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-01-05', dateCompleted: '2026-01-10' });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const holding = new Promise<void>((resolve) => (started = resolve));
      const move = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
        tx.execute(sql`update students set school_id = ${schoolB.id}, instructor_id = ${second.id} where id = ${student.id}`);
      const write = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
        tx.execute(sql`insert into episode_deliveries (enrollment_id, episode_id, date_sent, date_completed, delivery_type)
          values (${enrollment.id}, ${lessons[1]!.id}, '2026-01-12', '2026-01-15', 'PO')`);
      // The first holds its transaction open until the second has had time to wait for it.
      const firstDone = db.transaction(async (tx) => {
        await (writerFirst ? write(tx) : move(tx));
        started();
        await gate;
      });
      await holding;
      const secondDone = db.transaction(async (tx) => {
        await (writerFirst ? move(tx) : write(tx));
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([firstDone, secondDone]);
      const written = await db.select().from(episodeDeliveries).where(eq(episodeDeliveries.enrollmentId, enrollment.id));
      expect(
        written.map((lesson) => [lesson.cachedSchoolId, lesson.cachedInstructorId]),
        writerFirst ? 'the lesson first' : 'the move first',
      ).toEqual([
        [schoolB.id, second.id],
        [schoolB.id, second.id],
      ]);
      await expectLessonCountsKept(t.database);
    }
  });
});
