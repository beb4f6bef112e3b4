import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, enroll, offer, share } from './support/factories.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';
import { createStaffedSchool, writeNote } from './support/student-factories.ts';

/**
 * Issue 27: what an import made that changed since is found set-based (student-import-undo.ts). Each
 * way a record can have changed, beyond those of student-import-undo.test.ts, is named as the
 * per-student test named it: a later version of a lesson it made, an enrollment, a note and a share
 * added since; and the rest is undone with `keep_changed`.
 */

type Made = { students: number[]; enrollments: number[]; lessons: number[] };
type Kept = { student_id: number; name: string; why: string };

describe('an import undone names each way its records changed since (issue 27)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let head: { id: number };
  let school: { id: number };
  let courseName: string;
  let otherCourse: number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
    const staffed = await createStaffedSchool(t.database.db, { schoolCode: 'UNDC' });
    school = staffed.school;
    head = staffed.head;
    admin = await t.headersFor(staffed.head.email);
    const { course } = await createCourse(t.database.db, 5, { name: 'Changed Hope' });
    courseName = course.name;
    await offer(t.database.db, course.id, school.id);
    otherCourse = (await createCourse(t.database.db, 2, { name: 'Other Hope' })).course.id;
    await offer(t.database.db, otherCourse, school.id);
  });
  afterAll(async () => t.close());

  it('names a lesson changed, an enrollment, a note and a share added; undoes the rest when told to keep them', async () => {
    const names = ['Abe', 'Bea', 'Cal', 'Dee', 'Eli'];
    const text = [
      'First Name,Last Name,Address,City,State,Zip Code,Course,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on',
      ...names.map((name) => `${name},Changed,1 Main St,Springfield,IL,62701,${courseName},2,02/01/2026,1,02/20/2026`),
    ].join('\n');
    const preview = await t.app.inject({ method: 'POST', url: '/api/students/import', headers: admin, payload: { file: text, school_id: school.id } });
    const token = (preview.json() as { preview_token: string }).preview_token;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: admin,
      payload: { file: text, school_id: school.id, confirm: true, preview_token: token },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const importId = (applied.json() as { import_id: number }).import_id;
    const [version] = await t.database.query<{ id: number }>(
      `select id::int as id from versions where item_type = 'StudentImport' and item_id = $1 and event = 'create'`,
      [importId],
    );
    const [{ made }] = (await t.database.query<{ made: Made }>('select made from student_imports where id = $1', [importId])) as [{ made: Made }];
    const byName = async (first: string) =>
      (await t.database.query<{ id: number }>(`select id::int as id from students where first_name = $1 and id = any($2::bigint[])`, [first, made.students]))[0]!.id;
    const [abe, bea, cal, dee] = [await byName('Abe'), await byName('Bea'), await byName('Cal'), await byName('Dee')];

    // Abe: a later version of a lesson the import made. Bea: an enrollment added since. Cal: a note. Dee: a share.
    const [lesson] = await t.database.query<{ id: number }>(
      'select d.id::int as id from episode_deliveries d join enrollments e on e.id = d.enrollment_id where e.student_id = $1 order by d.id limit 1',
      [abe],
    );
    await t.database.query(
      `insert into versions (item_type, item_id, event, whodunnit, object_changes, school_id) values ('EpisodeDelivery', $1, 'update', $2, '{"deliveryType": ["PO", "Email"]}', $3)`,
      [lesson!.id, head.id, school.id],
    );
    await enroll(t.database.db, bea, otherCourse);
    await writeNote(t.database.db, { studentId: cal, type: 'Note', text: 'Called her.' });
    await share(t.database.db, dee, head.id);

    const undo = (body: object) => t.app.inject({ method: 'POST', url: `/api/versions/${version!.id}/undo`, headers: admin, payload: body });
    const refused = await undo({});
    expect(refused.statusCode, refused.body).toBe(409);
    expect((refused.json() as { kept: Kept[] }).kept.map((one) => [one.name.split(' ')[0], one.why])).toEqual([
      ['Abe', 'Changed since the import'],
      ['Bea', 'Records added since the import'],
      ['Cal', 'Records added since the import'],
      ['Dee', 'Records added since the import'],
    ]);

    const done = await undo({ keep_changed: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ undone: { students: 1, enrollments: 1, lessons: 2 } });
    const left = await t.database.query<{ first_name: string }>('select first_name from students where id = any($1::bigint[]) order by 1', [made.students]);
    expect(left.map((row) => row.first_name)).toEqual(['Abe', 'Bea', 'Cal', 'Dee']);
    await expectLessonCountsKept(t.database);
  });
});
