import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createStudent, createUser, offer } from './support/factories.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';
import { createStaffedSchool, visit } from './support/student-factories.ts';
import { tableDigests } from './support/table-digests.ts';

/**
 * Issue 27: an import is one record in /versions that can be undone as a whole for 30 days: every
 * student, enrollment and lesson it made, unless changed since, and then it says which.
 */

type Made = { students: number[]; enrollments: number[]; lessons: number[] };
type Undo = { undone: { students: number; enrollments: number; lessons: number }; kept: { student_id: number; name: string; why: string }[] };

/**
 * Written by the import and its undo on purpose: the record of both and their trail; and what the
 * triggers keep that a delete leaves behind as it would after any delete: the report counts' rows
 * at zero (judged by expectLessonCountsKept instead) and the words of the names (a dictionary).
 */
const trail = new Set(['versions', 'student_imports', 'idempotent_writes', 'rate_limits', 'decision_months', 'enrollment_months', 'enrollment_instructor_months', 'lesson_months', 'lesson_turnarounds', 'lesson_instructor_months', 'lesson_instructor_totals', 'lesson_instructor_turnarounds', 'lesson_network_months', 'lesson_network_turnarounds', 'lesson_episode_turnarounds', 'lesson_instructor_series_turnarounds', 'lesson_instructor_delivery_turnarounds', 'followup_counts', 'name_words']);

describe('an import of students undone from /versions (issue 27)', () => {
  let t: TestContext;
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let global: Record<string, string>;
  let schoolA: { id: number };
  let schoolB: { id: number };
  let instructor: Record<string, string>;
  let courseName: string;
  let known: { id: number };
  let row = 0;

  const file = (names: string[], withKnown = false) =>
    [
      'First Name,Last Name,Address,City,State,Zip Code,E-mail,Course,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on',
      ...names.map((name) => `${name},Undo${row++},1 Main St,Springfield,IL,62701,,${courseName},3,02/01/2026,2,02/20/2026`),
      ...(withKnown ? [`Kim,Known,1 Main St,Springfield,IL,62701,kim@known.example,${courseName},1,2026-11-01,,`] : []),
    ].join('\n');

  /** Previews and applies a file into school A as its admin; answers the import's version and what it made. */
  const imported = async (text: string, choices: Record<number, string> = {}) => {
    const preview = await t.app.inject({ method: 'POST', url: '/api/students/import', headers: adminA, payload: { file: text, school_id: schoolA.id } });
    expect(preview.statusCode, preview.body).toBe(200);
    const token = (preview.json() as { preview_token: string }).preview_token;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: adminA,
      payload: { file: text, school_id: schoolA.id, confirm: true, preview_token: token, choices },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const importId = (applied.json() as { import_id: number }).import_id;
    const [version] = await t.database.query<{ id: number }>(
      `select id::int as id from versions where item_type = 'StudentImport' and item_id = $1 and event = 'create'`,
      [importId],
    );
    const [record] = await t.database.query<{ made: Made }>('select made from student_imports where id = $1', [importId]);
    return { importId, versionId: version!.id, made: record!.made };
  };
  const undo = (versionId: number, body: object = {}, headers = adminA) =>
    t.app.inject({ method: 'POST', url: `/api/versions/${versionId}/undo`, headers, payload: body });
  const count = async (sql: string, params: unknown[] = []) => Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);
  const productTablesOf = (digests: Record<string, string>) => Object.fromEntries(Object.entries(digests).filter(([name]) => !trail.has(name)));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
    const db = t.database.db;
    const a = await createStaffedSchool(db, { schoolCode: 'UNDA' });
    const b = await createStaffedSchool(db, { schoolCode: 'UNDB' });
    schoolA = a.school;
    schoolB = b.school;
    adminA = await t.headersFor(a.head.email);
    adminB = await t.headersFor(b.head.email);
    global = await t.headersFor((await createUser(db, { roleType: 'global_admin' })).email);
    instructor = await t.headersFor((await createUser(db, { roleType: 'instructor', schoolId: schoolA.id })).email);
    const { course } = await createCourse(db, 5, { name: 'Undo Hope' });
    courseName = course.name;
    await offer(db, course.id, schoolA.id);
    await offer(db, course.id, schoolB.id);
    known = await createStudent(db, { schoolId: schoolA.id, firstName: 'Kim', lastName: 'Known', email: 'kim@known.example', zipCode: '62701' });
  });
  afterAll(async () => t.close());

  it('takes back every student, enrollment and lesson it made: every table as before, each student restorable', async () => {
    const before = productTablesOf(await tableDigests(t.database));
    // Line 5 is Kim Known, the student already there: the import adds her an enrollment.
    const { versionId, made } = await imported(file(['Ada', 'Ben', 'Cy'], true), { 5: 'add_enrollment' });
    expect(made).toMatchObject({ students: expect.any(Array), enrollments: expect.any(Array) });
    expect([made.students.length, made.enrollments.length, made.lessons.length]).toEqual([3, 4, 10]);

    // Its page offers the undo, and shows its counts rather than the ids it made.
    const page = async () => (await t.app.inject({ method: 'GET', url: `/api/versions/${versionId}`, headers: adminA })).json() as {
      import_undo: { can_undo: boolean; undone_at: string | null };
      changes: { field: string }[];
    };
    const shown = await page();
    expect(shown.import_undo).toEqual({ can_undo: true, undone_at: null });
    expect(shown.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['studentsCount', 'lessonsCount']));
    expect(shown.changes.map((change) => change.field)).not.toContain('made');

    const response = await undo(versionId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ undone: { students: 3, enrollments: 4, lessons: 10 }, kept: [] });
    expect((await page()).import_undo).toEqual({ can_undo: false, undone_at: expect.any(String) });
    expect(productTablesOf(await tableDigests(t.database))).toEqual(before);
    await expectLessonCountsKept(t.database);
    expect(await count(`select count(*) as n from versions where item_type = 'Student' and event = 'destroy' and item_id = any($1::bigint[])`, [made.students])).toBe(3);
    const [record] = await t.database.query<{ undone_at: string | null; undone_by_id: number | null }>(
      `select undone_at, undone_by_id::int as undone_by_id from student_imports where id = (select item_id from versions where id = $1)`,
      [versionId],
    );
    expect(record!.undone_at).not.toBeNull();
    expect(record!.undone_by_id).not.toBeNull();

    // Once only.
    const again = await undo(versionId);
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('This import was undone already, on ');

    // A student it made can still be brought back on its own, with her lessons.
    const [destroyed] = await t.database.query<{ id: number }>(
      `select id::int as id from versions where item_type = 'Student' and event = 'destroy' and item_id = $1`,
      [made.students[0]],
    );
    const restored = await t.app.inject({ method: 'POST', url: `/api/versions/${destroyed!.id}/restore`, headers: adminA });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      await count('select count(*) as n from episode_deliveries d join enrollments e on e.id = d.enrollment_id where e.student_id = $1', [made.students[0]]),
    ).toBe(3);
    await expectLessonCountsKept(t.database);
    await t.app.inject({ method: 'DELETE', url: `/api/students/${made.students[0]}`, headers: adminA });
  });

  it('names what changed since and undoes nothing; told to keep it, undoes the rest', async () => {
    const { versionId, made } = await imported(file(['Eve', 'Fay', 'Gus'], true), { 5: 'add_enrollment' });
    const [eve, fay] = made.students as [number, number];
    const changedEve = await t.app.inject({ method: 'PUT', url: `/api/students/${eve}`, headers: adminA, payload: { city: 'Shelbyville' } });
    expect(changedEve.statusCode, changedEve.body).toBe(200);
    const enrollmentOf = async (studentId: number) =>
      (await t.database.query<{ id: number }>('select id::int as id from enrollments where student_id = $1 and id = any($2::bigint[])', [studentId, made.enrollments]))[0]!.id;
    await visit(t.database.db, await enrollmentOf(fay), '2026-11-20');
    await visit(t.database.db, await enrollmentOf(known.id), '2026-11-21');
    const before = productTablesOf(await tableDigests(t.database));

    const refused = await undo(versionId);
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json() as Undo & { error: string };
    expect(body.error).toBe('3 students of this import changed since. Undo the rest and keep them, or leave the import as it is.');
    expect(body.kept.map((one) => [one.name.split(' ')[0], one.why])).toEqual([
      ['Eve', 'Changed since the import'],
      ['Fay', 'Records added since the import'],
      ['Kim', 'Records added since the import'],
    ]);
    expect(productTablesOf(await tableDigests(t.database))).toEqual(before);

    const done = await undo(versionId, { keep_changed: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ undone: { students: 1, enrollments: 1, lessons: 3 } });
    expect((done.json() as Undo).kept).toHaveLength(3);
    expect(await count('select count(*) as n from students where id = any($1::bigint[])', [made.students])).toBe(2);
    expect(await count('select count(*) as n from enrollments where id = any($1::bigint[])', [made.enrollments])).toBe(3);
    await expectLessonCountsKept(t.database);
  });

  it('is for admins of every school it wrote into, within 30 days, and only of an import', async () => {
    const { versionId, importId, made } = await imported(file(['Hal']));
    expect((await undo(versionId, {}, instructor)).statusCode).toBe(403);
    // Another school's admin does not see the import's version at all; another admin of its school does.
    expect((await undo(versionId, {}, adminB)).statusCode).toBe(404);
    const colleague = await t.headersFor((await createUser(t.database.db, { roleType: 'school_admin', schoolId: schoolA.id })).email);
    const seen = await t.app.inject({ method: 'GET', url: `/api/versions/${versionId}`, headers: colleague });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ import_undo: { can_undo: true, undone_at: null } });
    const student = await t.database.query<{ id: number }>(
      `select id::int as id from versions where item_type = 'Student' and event = 'create' and item_id = $1`,
      [made.students[0]],
    );
    const notAnImport = await undo(student[0]!.id, {}, global);
    expect(notAnImport.statusCode).toBe(422);
    expect(notAnImport.body).toContain('Only an import of students can be undone.');
    await t.database.query(`update student_imports set created_at = now() - interval '31 days' where id = $1`, [importId]);
    const old = await undo(versionId, {}, global);
    expect(old.statusCode).toBe(422);
    expect(old.body).toMatch(/An import can be undone for 30 days; this one was made on \d\d\/\d\d\/\d{4}\./);
    expect(await count('select count(*) as n from students where id = any($1::bigint[])', [made.students])).toBe(1);
    void schoolB;
  });
});
