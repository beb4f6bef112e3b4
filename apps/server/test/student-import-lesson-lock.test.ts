import { StudentImportInput } from '@srs/shared/student-import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/core/lists.ts';
import { countDeferredLessons, deferLessonCounts } from '../src/modules/enrollments/public.ts';
import { applyStudentImport } from '../src/modules/student-import/student-import-apply.ts';
import { previewStudentImport } from '../src/modules/student-import/student-import.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, deliver, enroll, offer } from './support/factories.ts';
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

  it('refuses to change or remove a lesson while the counts are deferred, and counts the deferred ones as their insert would', async () => {
    const db = t.database.db;
    const { school, course, lessons } = await schoolWithCourse('DEFER1');
    const student = await createStudent(db, { schoolId: school.id });
    const enrollment = await enroll(db, student.id, course.id);
    const saved = await deliver(db, enrollment.id, lessons[0]!.id, { dateSent: '2026-02-02' });

    const changed = db.transaction(async (tx) => {
      await deferLessonCounts(tx);
      await tx.execute(sql`update episode_deliveries set date_completed = '2026-02-20' where id = ${saved.id}`);
    });
    const refusal = await changed.then(
      () => null,
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refusal).toMatch(/cannot be changed or removed while their counts are deferred/);
    await expectDerivedDataAsTheTriggersKeepIt(t.database);

    const second = await createCourse(db, 2, { name: 'Second course of DEFER1' });
    await offer(db, second.course.id, school.id);
    await db.transaction(async (tx) => {
      await deferLessonCounts(tx);
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
      await countDeferredLessons(tx, added.map((lesson) => lesson.id));
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

    const lines = ['First Name,Last Name,Address,City,State,Zip,Course,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on'];
    for (let i = 0; i < 6; i++) lines.push(`Lock${i},Free${i},${i} Elm St,Springfield,IL,${62701 + i},${importing.course.name},2,2026-01-0${i + 1},1,2026-01-2${i}`);
    const input = { file: lines.join('\n'), school_id: importing.school.id };
    const actor = await actorOfUser(db, importing.head.id);
    const preview = await previewStudentImport(db, actor, StudentImportInput.parse(input) as never);
    expect(preview.totals).toMatchObject({ new: 6 });

    // After the apply's first part is written (its lessons among them), a lesson is saved in
    // another school on another connection; the apply goes on only once it is saved or 5 s pass.
    let savedMeanwhile: 'saved' | 'still waiting' | null = null;
    const answer = await applyStudentImport(
      db,
      actor,
      StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token }) as never,
      async (step) => {
        if (step.step !== 'writing' || step.done !== 2) return;
        const saving = deliver(db, enrollment.id, elsewhere.lessons[0]!.id, { dateSent: '2026-02-03' }).then(() => 'saved' as const);
        savedMeanwhile = await Promise.race([saving, new Promise<'still waiting'>((done) => setTimeout(() => done('still waiting'), 5000))]);
      },
      2,
    );
    expect(savedMeanwhile).toBe('saved');
    expect(answer.created).toEqual({ students: 6, enrollments: 6, lessons: 12 });
    await expectDerivedDataAsTheTriggersKeepIt(t.database);
  });
});
