import { type StudentImportProgress, StudentImportInput } from '@srs/shared/student-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStudentImport, previewStudentImport } from '../src/modules/student-import/student-import.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, offer } from './support/factories.ts';
import { createStaffedSchool } from './support/student-factories.ts';

/**
 * What the preview and the apply tell of their progress (issue 27: a progress bar on both steps):
 * each step's rows done out of the file's, never going back, up to all of them.
 */
describe('student import: the progress of each step', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const steps = (events: StudentImportProgress[]) => [...new Set(events.map((event) => event.step))];
  const ofStep = (events: StudentImportProgress[], step: string) => events.filter((event) => event.step === step);
  const rising = (events: StudentImportProgress[]) => events.every((event, index) => index === 0 || event.done >= events[index - 1]!.done);

  it('reads, checks rows in parts, and writes, each counted up to every row', async () => {
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'STEPS' });
    const { course } = await createCourse(db, 3, { name: 'Steps Course' });
    await offer(db, course.id, school.id);
    const rows = 4500;
    const lines = ['First Name,Last Name,Address,City,State,Zip,Course,Last lesson sent,Last lesson sent on'];
    for (let i = 0; i < rows; i++) lines.push(`Step${i},Count${i},${i} Main St,Springfield,IL,${String(10000 + i)},Steps Course,1,2026-01-05`);
    const input = { file: lines.join('\n'), school_id: school.id };
    const actor = await actorOfUser(db, head.id);

    const previewed: StudentImportProgress[] = [];
    const preview = await previewStudentImport(db, actor, StudentImportInput.parse(input) as never, (event) => previewed.push({ ...event }));
    expect(preview.totals, JSON.stringify(preview.rows[0])).toMatchObject({ new: rows });
    expect(steps(previewed)).toEqual(['reading', 'checking']);
    const checking = ofStep(previewed, 'checking');
    // The check gives way between parts of 2,000 rows: three parts here.
    expect(checking.map((event) => event.done)).toEqual([2000, 4000, 4500]);
    expect(checking.every((event) => event.total === rows)).toBe(true);

    const applied: StudentImportProgress[] = [];
    const answer = await applyStudentImport(
      db,
      actor,
      StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token }) as never,
      (event) => applied.push({ ...event }),
    );
    expect(answer.created).toEqual({ students: rows, enrollments: rows, lessons: rows });
    expect(steps(applied)).toEqual(['reading', 'checking', 'writing']);
    const writing = ofStep(applied, 'writing');
    expect(rising(writing)).toBe(true);
    expect(writing.at(0)).toEqual({ step: 'writing', done: 0, total: rows });
    expect(writing.at(-1)).toEqual({ step: 'writing', done: rows, total: rows });
  });
});
