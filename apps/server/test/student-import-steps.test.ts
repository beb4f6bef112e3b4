import { type StudentImportProgress, StudentImportInput } from '@srs/shared/student-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStudentImport } from '../src/modules/student-import/student-import-apply.ts';
import { previewStudentImport } from '../src/modules/student-import/student-import.ts';
import { importsAtOnce } from '../src/modules/student-import/student-import.routes.ts';
import { actorOfUser } from './support/actor.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, offer } from './support/factories.ts';
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
      (event) => {
        applied.push({ ...event });
      },
    );
    expect(answer.created).toEqual({ students: rows, enrollments: rows, lessons: rows });
    // The apply checks and writes a part of 5,000 rows at a time: one step, each part once done.
    expect(steps(applied)).toEqual(['reading', 'writing']);
    const writing = ofStep(applied, 'writing');
    expect(rising(writing)).toBe(true);
    expect(writing.at(0)).toEqual({ step: 'writing', done: 0, total: rows });
    expect(writing.at(-1)).toEqual({ step: 'writing', done: rows, total: rows });
    expect(writing.map((event) => event.done)).toEqual([0, rows]);
  });
});

/**
 * The apply checks and writes the file a part at a time (student-import-apply.ts): what it writes
 * and refuses must be what checking the whole file at once says, a row's person repeated or matched
 * across two parts included. Parts of two rows here, as 5,000 are in a large file.
 */
describe('student import: the apply in parts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('finds the same repeats, matches and choices across parts as in the whole file, and writes nothing when one is wrong', async () => {
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'PARTS' });
    const { course } = await createCourse(db, 3, { name: 'Parts Course' });
    await offer(db, course.id, school.id);
    await createStudent(db, { schoolId: school.id, firstName: 'Ana', lastName: 'Known', email: 'ana@parts.example' });
    const file = [
      'First Name,Last Name,Address,City,State,Zip,E-mail,Course,Last lesson sent,Last lesson sent on',
      'Uno,Nuevo,1 Main St,Springfield,IL,62701,,Parts Course,1,2026-01-05',
      'Ana,Known,1 Main St,Springfield,IL,62701,ana@parts.example,Parts Course,2,2026-01-05',
      // Part 2: line 2's person again (name and zip), and a refused row.
      'Uno,Nuevo,9 Elm St,Springfield,IL,62701,,Parts Course,,',
      'Bad,,1 Main St,Springfield,IL,62701,,,,',
      // Part 3: a new one, and line 3's person again (email).
      'Dos,Nuevo,2 Main St,Springfield,IL,62702,,,,',
      'Ann,Known,5 Oak St,Springfield,IL,62703,ANA@parts.example,,,',
    ].join('\n');
    const actor = await actorOfUser(db, head.id);
    const input = { file, school_id: school.id };
    const preview = await previewStudentImport(db, actor, StudentImportInput.parse(input) as never);
    expect(preview.rows.map((row) => [row.line, row.status, row.repeats_line])).toEqual([
      [2, 'new', null],
      [3, 'match', null],
      [4, 'repeated', 2],
      [5, 'refused', null],
      [6, 'new', null],
      [7, 'repeated', 3],
    ]);
    const count = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from students'))[0]!.n);
    const before = await count();
    const apply = (choices: Record<string, string>) =>
      applyStudentImport(db, actor, StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token, choices }) as never, () => {}, 2);

    // A choice for a line of the last part that is no match: refused once the whole file is seen, nothing kept.
    await expect(apply({ 3: 'add_enrollment', 7: 'create' })).rejects.toMatchObject({
      statusCode: 422,
      body: { choices: ['line 7 does not match an existing student'] },
    });
    expect(await count()).toBe(before);

    // The students written by the first part are not matches of the rows after: the token holds.
    const answer = await applyStudentImport(
      db,
      actor,
      StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token, choices: { 3: 'add_enrollment' } }) as never,
      () => {},
      2,
    );
    expect(answer.totals).toEqual(preview.totals);
    expect(answer.created).toEqual({ students: 2, enrollments: 2, lessons: 3 });
    expect(await count()).toBe(before + 2);
    const anas = await t.database.query<{ n: number }>(
      `select count(*)::int as n from enrollments e join students s on s.id = e.student_id where s.email = 'ana@parts.example'`,
    );
    expect(anas[0]!.n).toBe(1);
  });
});

/**
 * Two rows of one file that match one student by different keys (an email, a phone), each adding
 * the same course, in two parts: the first part's enrollment is the import's own, which the second
 * part's check must not count (the preview did not see it), so the apply refuses in the create
 * path's words, naming it, rather than saying the file changed.
 */
describe('student import: one student found twice, in two parts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses the second enrollment as the create path does, and writes nothing', async () => {
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'TWICE' });
    const { course } = await createCourse(db, 2, { name: 'Twice Course' });
    await offer(db, course.id, school.id);
    await createStudent(db, { schoolId: school.id, firstName: 'Rut', lastName: 'Moab', email: 'rut@moab.example', phone: '555 010 4040' });
    const file = [
      'First Name,Last Name,Address,City,State,Zip,E-mail,Phone,Course',
      'Rut,Moab,1 Main St,Springfield,IL,62701,rut@moab.example,,Twice Course',
      'Other,Row,1 Main St,Springfield,IL,62701,,,',
      'Ruth,Moab-Belén,2 Elm St,Springfield,IL,62702,,(555) 010-4040,Twice Course',
    ].join('\n');
    const actor = await actorOfUser(db, head.id);
    const input = { file, school_id: school.id };
    const preview = await previewStudentImport(db, actor, StudentImportInput.parse(input) as never);
    expect(preview.rows.map((row) => [row.status, row.match?.enrolled ?? null])).toEqual([
      ['match', false],
      ['new', null],
      ['match', false],
    ]);
    const enrollments = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from enrollments'))[0]!.n);
    const before = await enrollments();
    const choices = { 2: 'add_enrollment', 4: 'add_enrollment' };
    await expect(
      applyStudentImport(db, actor, StudentImportInput.parse({ ...input, confirm: true, preview_token: preview.preview_token, choices }) as never, () => {}, 2),
    ).rejects.toMatchObject({
      statusCode: 422,
      body: [expect.stringMatching(/^Rut Moab is already enrolled in Twice Course \(registration number \d+\)\.$/)],
    });
    expect(await enrollments()).toBe(before);
  });
});

/** Two imports are checked or written at once in a process (the server's heap is capped): a third waits its turn. */
describe('student import: two at once', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
  });
  afterAll(async () => t.close());

  it('holds a third import until one of two running ends, then answers it', async () => {
    const db = t.database.db;
    const { school, head } = await createStaffedSchool(db, { schoolCode: 'SLOTS' });
    const headers = await t.headersFor(head.email);
    const releases: (() => void)[] = [];
    const held = [0, 1].map(() => importsAtOnce.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    expect(importsAtOnce.running).toBe(2);
    let answered = false;
    const third = t.app
      .inject({ method: 'POST', url: '/api/students/import', headers, payload: { file: 'First Name,Last Name\nAna,Waits', school_id: school.id } })
      .then((response) => {
        answered = true;
        return response;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    expect(importsAtOnce.waiting).toBe(1);
    releases[0]!();
    const response = await third;
    expect(response.statusCode, response.body).toBe(200);
    releases[1]!();
    await Promise.all(held);
    expect(importsAtOnce.running).toBe(0);
  });
});
