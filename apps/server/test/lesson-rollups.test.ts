import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeDeliveries, students } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createStudent, deliver, enroll } from './support/factories.ts';
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
});
