import { StudentImportInput } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { countDeferred, deferCounts } from '../src/modules/enrollments/public.ts';
import { applyStudentImport } from '../src/modules/student-import/student-import-apply.ts';
import { previewStudentImport } from '../src/modules/student-import/student-import.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, deliver, enroll, offer } from './support/factories.ts';
import { expectDerivedDataAsTheTriggersKeepIt } from './support/kept-values.ts';
import { createStaffedSchool } from './support/student-factories.ts';

/**
 * The network's lesson counts have one writer at a time (decision 014): each lesson saved takes
 * their lock until its transaction commits. A student import counts its lessons once, just before
 * its commit (migration 0049), so that the lessons the rest of the network saves during its apply
 * do not wait for it (a 50,000-row apply lasts half a minute).
 */
describe('student import: the lesson counts deferred to the end of the apply', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const onPostgres = process.env.TEST_BACKEND === 'postgres';

  async function schoolWithCourse(code: string) {
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: code });
    const { course, lessons } = await createCourse(db, 3, { name: `Course of ${code}` });
    await offer(db, course.id, school.id);
    return { school, head, course, lessons };
  }

  const lessonColumns = 'Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on';

  /**
   * Six students imported into the school in parts of two rows (`row` gives each line's lesson
   * columns), with `meanwhile` run once the first part is written and the apply waiting for it.
   */
  async function importSix(importing: Awaited<ReturnType<typeof schoolWithCourse>>, name: string, lessons: (i: number) => string, meanwhile: () => Promise<void>) {
    const db = t.database.db;
    const lines = [`First Name,Last Name,Address,City,State,Zip,Course,${lessonColumns}`];
    for (let i = 0; i < 6; i++) lines.push(`${name}${i},Imported${i},${i} Elm St,Springfield,IL,${62701 + i},${importing.course.name},${lessons(i)}`);
    const input = { file: lines.join('\n'), school_id: importing.school.id };
    const actor = await actorOfUser(db, importing.head.id);
    const preview = await previewStudentImport(db, actor, StudentImportInput.parse(input) as never);
    expect(preview.totals).toMatchObject({ new: 6 });
    return applyStudentImport(
      db,
      actor,
      StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token }) as never,
      async (step) => {
        if (step.step === 'writing' && step.done === 2) await meanwhile();
      },
      2,
    );
  }

  /** 'saved' when `saving` ends within 5 s, else 'still waiting' (the apply then goes on). */
  const withinFiveSeconds = (saving: Promise<unknown>) =>
    Promise.race([saving.then(() => 'saved' as const), new Promise<'still waiting'>((done) => setTimeout(() => done('still waiting'), 5000))]);

  it('refuses to change or remove a lesson or an enrollment while the counts are deferred, and counts the deferred ones as their inserts would', async () => {
    const db = t.database.db;
    const { school, course, lessons } = await schoolWithCourse('DEFER1');
    const student = await createStudent(db, { schoolId: school.id });
    const enrollment = await enroll(db, student.id, course.id);
    const saved = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-02-02' });

    const refusalOf = (change: ReturnType<typeof sql>) =>
      db
        .transaction(async (tx) => {
          await deferCounts(tx);
          await tx.execute(change);
        })
        .then(
          () => null,
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(await refusalOf(sql`update episode_deliveries set date_completed = '2026-02-20' where id = ${saved.id}`)).toMatch(
      /lessons cannot be changed or removed while their counts are deferred/,
    );
    expect(await refusalOf(sql`update enrollments set started_on = '2026-01-02' where id = ${enrollment.id}`)).toMatch(
      /enrollments cannot be changed or removed while their counts are deferred/,
    );
    // A statement that changes no row changes no count: not refused.
    expect(await refusalOf(sql`delete from episode_deliveries where id = -1`)).toBeNull();
    expect(await refusalOf(sql`update enrollments set started_on = '2026-01-02' where id = -1`)).toBeNull();
    await expectDerivedDataAsTheTriggersKeepIt(t.database);

    const second = await createCourse(db, 2, { name: 'Second course of DEFER1' });
    await offer(db, second.course.id, school.id);
    await db.transaction(async (tx) => {
      await deferCounts(tx);
      const [other] = await rows<{ id: number }>(
        tx.execute(sql`insert into enrollments (student_id, series_id, status) values (${student.id}, ${second.course.id}, 'Enrolled') returning id::int as id`),
      );
      const added = await rows<{ id: number }>(
        tx.execute(sql`insert into episode_deliveries (enrollment_id, episode_id, date_sent, date_completed)
          values (${other!.id}, ${second.lessons[0]!.id}, '2026-03-02', '2026-03-15'), (${other!.id}, ${second.lessons[1]!.id}, '2026-03-16', null)
          returning id::int as id`),
      );
      // Not counted yet: the lessons' place is set, their counts are not.
      const [placed] = await rows<{ n: number }>(
        tx.execute(sql`select count(*)::int as n from episode_deliveries where enrollment_id = ${other!.id} and cached_school_id = ${school.id}`),
      );
      expect(placed!.n).toBe(2);
      expect(added).toHaveLength(2);
      expect(await countDeferred(tx, [other!.id])).toEqual(added.map((lesson) => lesson.id).sort((a, b) => a - b));
      // Counted, the deferral is over: a change is counted as any change is.
      await tx.execute(sql`update episode_deliveries set date_completed = '2026-03-30' where id = ${added[1]!.id}`);
    });
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });

  it.runIf(onPostgres)('lets a lesson be saved in another school while an import is writing, and counts both', async () => {
    const db = t.database.db;
    const importing = await schoolWithCourse('DEFER2');
    const elsewhere = await schoolWithCourse('DEFER3');
    const student = await createStudent(db, { schoolId: elsewhere.school.id });
    const enrollment = await enroll(db, student.id, elsewhere.course.id);

    // After the apply's first part is written (its lessons among them), a lesson is saved in
    // another school on another connection; the apply goes on only once it is saved or 5 s pass.
    let savedMeanwhile: 'saved' | 'still waiting' | null = null;
    const answer = await importSix(importing, 'Lock', (i) => `2,2026-01-0${i + 1},1,2026-01-2${i}`, async () => {
      savedMeanwhile = await withinFiveSeconds(deliver(db, enrollment.id, elsewhere.lessons[0]!.id, { dateSent: '2026-02-03' }));
    });
    expect(savedMeanwhile).toBe('saved');
    expect(answer.created).toEqual({ students: 6, enrollments: 6, lessons: 12 });
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });

  it.runIf(onPostgres)("lets a lesson of the import's own school be saved meanwhile under the follow-up key the import writes, without a deadlock", async () => {
    // A lesson saved takes the lesson-count lock, then counts its enrollment by follow-up day. Had
    // the import counted its enrollments by follow-up day as it wrote them, that save would wait
    // for one of its rows while holding the lock the import asks for at its end: a deadlock.
    const db = t.database.db;
    const importing = await schoolWithCourse('DEFER4');
    const student = await createStudent(db, { schoolId: importing.school.id });
    const enrollment = await enroll(db, student.id, importing.course.id);
    const headers = await t.headersFor(importing.head.email);

    let savedMeanwhile: 'saved' | 'still waiting' | null = null;
    const answer = await importSix(importing, 'Same', () => '2,2026-01-05,1,2026-01-20', async () => {
      // Through the app: the lesson, then the enrollment's follow-up day (2026-01-20, as the import's).
      const saving = t.app
        .inject({
          method: 'PUT',
          url: `/api/enrollments/${enrollment.id}`,
          headers,
          payload: { episode_deliveries_attributes: [{ episode_id: importing.lessons[0]!.id, date_sent: '2026-01-20' }] },
        })
        .then((response) => expect(response.statusCode, response.body).toBe(200));
      savedMeanwhile = await withinFiveSeconds(saving);
    });
    expect(savedMeanwhile).toBe('saved');
    expect(answer.created).toEqual({ students: 6, enrollments: 6, lessons: 12 });
    const [key] = await rows<{ followup: string }>(
      db.execute(sql`select cached_latest_followup_date::text as followup from enrollments where id = ${enrollment.id}`),
    );
    expect(key!.followup).toBe('2026-01-20');
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });

  it.runIf(onPostgres)("moves a student out of the import's school meanwhile once the import is done, without a deadlock", async () => {
    // A move's cascade takes the lesson-count lock, then recounts the schools' students; the
    // import holds its school's counts from its first enrollments and asks for that lock at its end.
    const db = t.database.db;
    const importing = await schoolWithCourse('DEFER5');
    const target = await schoolWithCourse('DEFER6');
    await offer(db, importing.course.id, target.school.id);
    const student = await createStudent(db, { schoolId: importing.school.id });
    const enrollment = await enroll(db, student.id, importing.course.id);
    await deliver(db, enrollment.id, importing.lessons[0]!.id, { dateSent: '2026-02-02' });
    const admin = await createUser(db, { roleType: 'global_admin' });
    const headers = await t.headersFor(admin.email);

    let moving: Promise<{ statusCode: number; body: string }> | null = null;
    const answer = await importSix(importing, 'Moved', () => '1,2026-01-05,,', async () => {
      moving = t.app.inject({
        method: 'PUT',
        url: '/api/students/bulk_reassign',
        headers,
        payload: { student_ids: [student.id], school_id: target.school.id },
      });
      // Time for the move to reach what it waits for.
      await new Promise((done) => setTimeout(done, 1500));
    });
    expect(answer.created).toEqual({ students: 6, enrollments: 6, lessons: 6 });
    const moved = await moving!;
    expect(moved.statusCode, moved.body).toBe(200);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });
});
