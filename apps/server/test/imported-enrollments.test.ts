import type { EnrollmentStatus } from '@srs/shared/enrollments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyAudited } from '../src/core/audit.ts';
import type { Database } from '../src/db/client.ts';
import { enrollments, episodes, series } from '../src/db/schema/index.ts';
import type { Actor } from '../src/core/actor.ts';
import type { Tx } from '../src/db/client.ts';
import { episodeDeliveries } from '../src/db/schema/index.ts';
import { enrollImported } from '../src/modules/enrollments/public.ts';
import { changeRecordsInTransaction } from '../src/modules/enrollments/record-pipeline.ts';
import { actorOfUser } from './support/actor.ts';
import { openTestDatabase } from './support/database.ts';
import { createNetwork, createStudent, offer } from './support/factories.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';

type Lesson = { episodeId: number; dateSent: string | null; dateCompleted: string | null };
type Progress = { enrollmentId: number; status: EnrollmentStatus | null; lessons: Lesson[] };

/** The record pipeline's way, as a typed save goes: the lessons written, then the caches refreshed and the statuses chosen or ruled. */
async function throughThePipeline(tx: Tx, actor: Actor, items: Progress[]) {
  await changeRecordsInTransaction(tx, actor, items.map((item) => item.enrollmentId), async (changes) => {
    await changes.insertMany(
      episodeDeliveries,
      items.flatMap((item) => item.lessons.map((lesson) => ({ enrollmentId: item.enrollmentId, ...lesson }))),
    );
    const heads = new Map(changes.enrollments.map((head) => [head.id, head]));
    await changes.chooseStatuses(items.flatMap((item) => (item.status !== null ? [{ enrollment: heads.get(item.enrollmentId)!, status: item.status }] : [])));
  });
}

/**
 * An import writes its new students' enrollments as they end, status and caches final
 * (modules/enrollments/imported-enrollments.ts). Each must be exactly the enrollment the record
 * pipeline makes of the same lessons and status: written, then its lessons, then its caches
 * refreshed and its status ruled (or chosen).
 */
describe('imported enrollments written final', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('equal the record pipeline’s, for every shape an import writes', async () => {
    const db = database.db;
    const net = await createNetwork(db);
    // Positions that are not ranks: the cache keeps the highest position sent.
    const [course] = await db.insert(series).values({ type: 'Course', name: `Final course ${Date.now()}` }).returning();
    const lessonRows = await db
      .insert(episodes)
      .values([10, 20, 30].map((position) => ({ seriesId: course!.id, position, name: `Lesson ${position}` })))
      .returning();
    await offer(db, course!.id, net.schoolA.id);
    const [one, two, three] = lessonRows.map((row) => row.id) as [number, number, number];
    const actor = await actorOfUser(db, net.schoolAdminA.id);

    const shapes: { status: EnrollmentStatus | null; lessons: Lesson[]; startedOn: string | null }[] = [
      { status: null, lessons: [], startedOn: null },
      { status: null, lessons: [], startedOn: '2024-02-03' },
      { status: null, lessons: [{ episodeId: one, dateSent: '2026-01-05', dateCompleted: null }], startedOn: '2026-01-01' },
      {
        status: null,
        lessons: [
          { episodeId: one, dateSent: '2026-01-05', dateCompleted: '2026-02-20' },
          { episodeId: two, dateSent: '2026-01-05', dateCompleted: null },
        ],
        startedOn: null,
      },
      // Returned but never recorded as sent: no lesson number, the follow-up from the return.
      { status: null, lessons: [{ episodeId: one, dateSent: null, dateCompleted: '2025-03-01' }], startedOn: null },
      // Every lesson returned: graduated by the rule.
      {
        status: null,
        lessons: [one, two, three].map((episodeId) => ({ episodeId, dateSent: '2025-05-01', dateCompleted: '2025-06-01' })),
        startedOn: null,
      },
      // A status the file gives wins over the rule, both ways.
      {
        status: 'Enrolled',
        lessons: [one, two, three].map((episodeId) => ({ episodeId, dateSent: '2025-05-01', dateCompleted: '2025-06-01' })),
        startedOn: null,
      },
      { status: 'Graduated', lessons: [{ episodeId: one, dateSent: '2025-05-01', dateCompleted: null }], startedOn: null },
      { status: 'Inactive', lessons: [], startedOn: null },
    ];
    const studentsFor = async () =>
      Promise.all(shapes.map(async () => (await createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id })).id));
    const throughPipeline = await studentsFor();
    const written = await studentsFor();

    const pipelineIds = await db.transaction(async (tx) => {
      const made = await insertManyAudited(
        tx,
        actor,
        enrollments,
        shapes.map((shape, index) => ({
          studentId: throughPipeline[index]!,
          seriesId: course!.id,
          status: 'Enrolled' as const,
          ...(shape.startedOn ? { startedOn: shape.startedOn } : {}),
        })),
      );
      await throughThePipeline(
        tx,
        actor,
        shapes.map((shape, index) => ({ enrollmentId: made[index]!.id, status: shape.status, lessons: shape.lessons })),
      );
      return made.map((row) => row.id);
    });
    const writtenIds = await db.transaction((tx) =>
      enrollImported(
        tx,
        actor,
        shapes.map((shape, index) => ({ studentId: written[index]!, seriesId: course!.id, ...shape })),
      ),
    );

    const read = (ids: number[]) =>
      database.query<Record<string, unknown>>(
        `select e.status, e.lesson_number, e.started_on::text as started_on, e.last_sent_delivery_date::text as last_sent,
           e.cached_latest_followup_date::text as latest, e.cached_next_reminder_date::text as next_reminder, e.orphaned,
           (select json_agg(json_build_array(d.episode_id, d.date_sent::text, d.date_completed::text) order by d.episode_id)
              from episode_deliveries d where d.enrollment_id = e.id) as lessons
         from enrollments e where e.id = any($1::bigint[]) order by e.id`,
        [ids],
      );
    const expected = await read(pipelineIds);
    const actual = await read(writtenIds);
    // The comparison means something: the shapes end differently.
    expect(new Set(expected.map((row) => row.status))).toEqual(new Set(['Enrolled', 'Graduated', 'Inactive']));
    expect(expected.map((row) => row.lesson_number)).toEqual([0, 0, 10, 20, 0, 30, 30, 10, 0]);
    expect(actual).toEqual(expected);
    // One create version each, with the final status; the pipeline wrote a second for a status moved.
    const versionsOf = async (ids: number[]) =>
      database.query<{ n: number }>(
        `select count(*)::int as n from versions where item_type = 'Enrollment' and item_id = any($1::bigint[]) group by item_id order by item_id`,
        [ids],
      );
    expect((await versionsOf(writtenIds)).map((row) => row.n)).toEqual(shapes.map(() => 1));
    await expectLessonCountsKept(database);
  });

  it('refuses a series the student’s school does not offer, writing nothing', async () => {
    const db = database.db;
    const net = await createNetwork(db);
    const [course] = await db.insert(series).values({ type: 'Course', name: `Not offered ${Date.now()}` }).returning();
    const actor = await actorOfUser(db, net.schoolAdminA.id);
    const student = await createStudent(db, { schoolId: net.schoolA.id });
    await expect(
      db.transaction((tx) => enrollImported(tx, actor, [{ studentId: student.id, seriesId: course!.id, startedOn: null, status: null, lessons: [] }])),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await database.query('select 1 from enrollments where student_id = $1', [student.id])).toHaveLength(0);
  });
});

describe('enrollments an import adds to students it found', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('keeps one active enrollment a series, in the create path’s words, and only for students the user sees', async () => {
    const db = database.db;
    const net = await createNetwork(db);
    const [course] = await db.insert(series).values({ type: 'Course', name: `Found course ${Date.now()}` }).returning();
    const [lesson] = await db.insert(episodes).values({ seriesId: course!.id, position: 1, name: 'Lesson 1' }).returning();
    await offer(db, course!.id, net.schoolA.id);
    const actor = await actorOfUser(db, net.schoolAdminA.id);
    const student = await createStudent(db, { schoolId: net.schoolA.id, firstName: 'Rosa', lastName: 'Found' });
    const item = { studentId: student.id, seriesId: course!.id, startedOn: null, status: null, lessons: [] as Lesson[] };
    const count = async () => (await database.query('select 1 from enrollments where student_id = $1', [student.id])).length;

    // Named twice in one import: the second is refused, naming the first.
    await expect(db.transaction((tx) => enrollImported(tx, actor, [item, item], { found: true }))).rejects.toMatchObject({
      statusCode: 422,
      body: [expect.stringMatching(new RegExp(`^Rosa Found is already enrolled in ${course!.name} \\(registration number \\d+\\)\\.$`))],
    });
    expect(await count()).toBe(0);

    // Once, with a lesson back: written final, graduated by the rule (the course has one lesson).
    const [first] = await db.transaction((tx) =>
      enrollImported(tx, actor, [{ ...item, lessons: [{ episodeId: lesson!.id, dateSent: '2026-02-01', dateCompleted: '2026-02-10' }] }], { found: true }),
    );
    expect((await database.query<{ status: string }>('select status from enrollments where id = $1', [first]))[0]!.status).toBe('Graduated');
    // A course graduated may be taken again; then, with an active one, no second.
    await db.transaction((tx) => enrollImported(tx, actor, [item], { found: true }));
    const [active] = await database.query<{ registration_number: string }>(
      `select registration_number::text as registration_number from enrollments where student_id = $1 and status = 'Enrolled'`,
      [student.id],
    );
    await expect(db.transaction((tx) => enrollImported(tx, actor, [item], { found: true }))).rejects.toMatchObject({
      statusCode: 422,
      body: [`Rosa Found is already enrolled in ${course!.name} (registration number ${active!.registration_number}).`],
    });
    expect(await count()).toBe(2);

    // A student of another school, not shared: absent, as the create path answers.
    const stranger = await createStudent(db, { schoolId: net.schoolB.id });
    await expect(
      db.transaction((tx) => enrollImported(tx, actor, [{ ...item, studentId: stranger.id }], { found: true })),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
