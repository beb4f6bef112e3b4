import { xlsxDataUrlPrefix } from '@srs/shared/student-import';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createSchool, createStudent, createUser, offer } from './support/factories.ts';
import { expectLessonCountsKept } from './support/lesson-rollups.ts';
import { createStaffedSchool } from './support/student-factories.ts';

type Row = {
  line: number;
  status: 'new' | 'match' | 'repeated' | 'refused';
  first_name: string;
  reasons: string[];
  match: { student_id: number; why: string[]; enrolled: boolean } | null;
  repeats_line: number | null;
};
type Answer = {
  columns: { index: number; heading: string; field: string | null }[];
  rows: Row[];
  totals: Record<string, number>;
  applied: boolean;
  preview_token: string;
  import_id: number | null;
  created: { students: number; enrollments: number; lessons: number } | null;
};

const heading = 'First Name,Last Name,Address,City,State,Zip Code,E-mail,Phone';

describe('student import (issue 27): preview, then apply', () => {
  let t: TestContext;
  let global: Record<string, string>;
  let adminA: Record<string, string>;
  let adminB: Record<string, string>;
  let instructorHeaders: Record<string, string>;
  let schoolA: { id: number; schoolCode: string };
  let schoolB: { id: number; schoolCode: string };
  let teacher: { id: number; email: string };
  let courseName: string;
  let seminarName: string;

  const post = (payload: object, headers = adminA) =>
    t.app.inject({ method: 'POST', url: '/api/students/import', headers, payload });
  const preview = async (payload: object, headers = adminA) => {
    const response = await post({ school_id: schoolA.id, ...payload }, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  };
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: number }>(sql, params))[0]!.n);
  const byLine = (answer: Answer, line: number) => answer.rows.find((row) => row.line === line)!;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_IMPORTS: '1000' });
    const db = t.database.db;
    global = await t.headersFor((await createUser(db, { roleType: 'global_admin' })).email);
    const a = await createStaffedSchool(db, { schoolCode: 'IMPA' });
    const b = await createStaffedSchool(db, { schoolCode: 'IMPB' });
    schoolA = a.school;
    schoolB = b.school;
    adminA = await t.headersFor(a.head.email);
    adminB = await t.headersFor(b.head.email);
    const instructor = await createUser(db, { roleType: 'instructor', schoolId: schoolA.id }, { firstName: 'Marta', lastName: 'Núñez' });
    teacher = { id: instructor.id, email: instructor.email };
    instructorHeaders = await t.headersFor(instructor.email);
    const { course } = await createCourse(db, 5, { name: 'Import Hope' });
    courseName = course.name;
    await offer(db, course.id, schoolA.id);
    await offer(db, course.id, schoolB.id);
    const seminar = await createCourse(db, 2, { name: 'Import Seminar', type: 'Seminar', schoolId: schoolA.id });
    seminarName = seminar.course.name;
    // Known students: one in each school, with the same email (a school admin sees only theirs).
    await createStudent(db, { schoolId: schoolA.id, firstName: 'Ana', lastName: 'Known', email: 'ana@known.example', phone: '(555) 010-2030', zipCode: '62701' });
    await createStudent(db, { schoolId: schoolB.id, firstName: 'Bea', lastName: 'Other', email: 'bea@other.example', zipCode: '73301' });
    await createStudent(db, { schoolId: schoolA.id, firstName: 'José', lastName: 'Pérez', zipCode: '62701-1234' });
  });
  afterAll(async () => t.close());

  it('reads English headings and refuses each bad row with every reason in the form’s words', async () => {
    const file = [
      `${heading},School,Instructor,Course,Started,Last lesson sent,Last lesson sent on`,
      'Ruth,Moab,1 Main St,Springfield,IL,62701,ruth@x.example,,,,,,,',
      ',Nameless,1 Main St,Springfield,IL,62701,not-an-email,,,,,,,',
      'Cal,Coded,1 Main St,Springfield,IL,62701,,,IMPB,,,,,',
      'Una,Known,1 Main St,Springfield,IL,62701,,,NOPE,,,,,',
      'Dee,Course,1 Main St,Springfield,IL,62701,,,,,No Such Course,13/45/2020,9,',
      'Ed,Teacher,1 Main St,Springfield,IL,62701,,,,nobody@x.example,,,,',
      `Flo,Taught,1 Main St,Springfield,IL,62701,,,,marta nunez,${courseName},03/01/2020,2,`,
      `Gus,Status,,Springfield,IL,,,,,,,,,`,
    ].join('\n');
    const answer = await preview({ file });
    expect(answer.columns.map((column) => column.field)).toEqual([
      'first_name', 'last_name', 'address', 'city', 'state', 'zip_code', 'email', 'phone',
      'school', 'instructor', 'series', 'started_on', 'last_lesson_sent', 'last_lesson_sent_on',
    ]);
    expect(byLine(answer, 2)).toMatchObject({ status: 'new', reasons: [] });
    expect(byLine(answer, 3).reasons).toEqual(['First name: This field is required', 'Email: is not a valid email address']);
    expect(byLine(answer, 4).reasons).toEqual(['School: not one of your schools']);
    expect(byLine(answer, 5).reasons).toEqual(['School: not one of your schools']);
    expect(byLine(answer, 6).reasons).toEqual([
      'Started on: Date input not valid.',
      'Course: no active course is named "No Such Course" among those school IMPA offers',
    ]);
    expect(byLine(answer, 7).reasons).toEqual([
      'Instructor: no school admin or instructor of school IMPA has the email or name "nobody@x.example"',
    ]);
    // The instructor by name, accents ignored; lesson 2 sent on the start day (no sent date given).
    expect(byLine(answer, 8)).toMatchObject({ status: 'new', reasons: [] });
    expect(byLine(answer, 9).reasons).toEqual(['Address: This field is required', 'Zip code: This field is required']);
    expect(answer.totals).toEqual({ new: 2, match: 0, repeated: 0, refused: 6 });
    expect(answer.applied).toBe(false);
    // A refused row carries its cells as read, for the download to fix; an accepted one does not.
    expect((byLine(answer, 3) as Row & { cells: string[] | null }).cells).toEqual(
      ['', 'Nameless', '1 Main St', 'Springfield', 'IL', '62701', 'not-an-email', '', '', '', '', '', '', ''],
    );
    expect((byLine(answer, 2) as Row & { cells: string[] | null }).cells).toBeNull();
  });

  it('reads Spanish headings, accents and case ignored, and refuses lessons past the course’s', async () => {
    const file = [
      'NOMBRE,Apellidos,Dirección,Ciudad,Estado,Codigo Postal,Correo electrónico,Teléfono,Celular,Curso,Fecha de inicio,Última lección enviada,Estado del curso,Escuela',
      `Lucía,Gómez,2 Calle,Springfield,IL,62702,lucia@x.example,555-0199,,${courseName},2026-01-05,7,Activo,IMPA`,
      `Juan,Ruiz,2 Calle,Springfield,IL,62702,,,,${seminarName},,2,,IMPA`,
    ].join('\n');
    const answer = await preview({ file });
    expect(answer.columns.map((column) => [column.heading, column.field])).toEqual([
      ['NOMBRE', 'first_name'],
      ['Apellidos', 'last_name'],
      ['Dirección', 'address'],
      ['Ciudad', 'city'],
      ['Estado', 'state'],
      ['Codigo Postal', 'zip_code'],
      ['Correo electrónico', 'email'],
      ['Teléfono', 'phone'],
      // A second phone column: the first is read, this one left out (the mapping step shows it).
      ['Celular', null],
      ['Curso', 'series'],
      ['Fecha de inicio', 'started_on'],
      ['Última lección enviada', 'last_lesson_sent'],
      ['Estado del curso', 'status'],
      ['Escuela', 'school'],
    ]);
    expect(byLine(answer, 2).reasons).toEqual([
      'Status: is not one of Applied, Attended, Enrolled, Graduated, Inactive',
      'Last lesson sent: the course has 5 lessons',
    ]);
    expect(byLine(answer, 3).reasons).toEqual(['Last lesson sent: a seminar has no lessons sent or returned; leave it empty']);
  });

  it('refuses the rest in words too: the school’s state, the instructor, the mailing choice and the lessons', async () => {
    const db = t.database.db;
    await createSchool(db, { schoolCode: 'IMPSHUT', active: false });
    await createSchool(db, { schoolCode: 'IMPHEADLESS' });
    await createUser(db, { roleType: 'instructor', schoolId: schoolA.id }, { firstName: 'Sam', lastName: 'Twin' });
    await createUser(db, { roleType: 'instructor', schoolId: schoolA.id }, { firstName: 'Sam', lastName: 'Twin' });
    const file = [
      `${heading},School,Instructor,Include in mailing list,Course,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on`,
      `A,Shut,1 Main St,Springfield,IL,62701,,,IMPSHUT,,,,,,,`,
      `B,Headless,1 Main St,Springfield,IL,62701,,,IMPHEADLESS,,,,,,,`,
      `C,Twin,1 Main St,Springfield,IL,62701,,,,Sam Twin,Sometimes,,,,,`,
      `D,Lessons,1 Main St,Springfield,IL,62701,,,,,never,${courseName},two,,3,`,
      `E,Back,1 Main St,Springfield,IL,62701,,,,,,${courseName},2,2026-03-10,2,2026-03-01`,
      `F,Nodate,1 Main St,Springfield,IL,62701,,,,,,,,,1,`,
    ].join('\n');
    const answer = await preview({ file }, global);
    expect(answer.rows.map((row) => row.reasons)).toEqual([
      ['School: is not active'],
      ['School: No head school admin is assigned to this school.'],
      ['Include in mailing list: is not one of If the address is valid, Always, Never', 'Instructor: more than one person is named "Sam Twin"; give the email instead'],
      ['Last lesson sent: is not a whole number', 'Last lesson returned on: This field is required'],
      ['Last lesson returned on: must not be before the sent date'],
      ['Course: This field is required'],
    ]);
  });

  it('takes a mapping that overrides a heading’s meaning, and refuses an unknown field', async () => {
    const file = 'Given,Family,Street,Town,Region,Post,Notes\nKai,Mapped,1 Main St,Springfield,IL,62701,hello';
    const mapped = await preview({ file, mapping: { Given: 'first_name', Family: 'last_name', Region: 'state', Post: 'zip_code', Notes: null } });
    expect(mapped.columns.map((column) => column.field)).toEqual(['first_name', 'last_name', 'address', 'city', 'state', 'zip_code', null]);
    expect(mapped.rows[0]).toMatchObject({ status: 'new' });
    const unknown = await post({ file, school_id: schoolA.id, mapping: { Notes: 'favourite_colour' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('cannot be read as \\"favourite_colour\\"');
    const missing = await post({ file, school_id: schoolA.id, mapping: { Nope: 'email' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('the file has no column');
  });

  it('reads the first worksheet of an .xlsx, sent as a data URL or as a multipart file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['Nombre', 'Apellido', 'Dirección', 'Ciudad', 'Estado', 'Zip', 'Curso', 'Started']);
    sheet.addRow(['Xena', 'Sheet', '1 Main St', 'Springfield', 'IL', 62701, courseName, new Date(Date.UTC(2026, 0, 15))]);
    sheet.addRow([]);
    sheet.addRow(['Yul', 'Sheet', '1 Main St', 'Springfield', 'IL', '62701', courseName, '13/13/2026']);
    workbook.addWorksheet('Ignored').addRow(['First name', 'Last name']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await preview({ file: `${xlsxDataUrlPrefix}${bytes.toString('base64')}` });
    expect(answer.rows.map((row) => [row.line, row.status, row.reasons])).toEqual([
      [2, 'new', []],
      [4, 'refused', ['Started on: Date input not valid.']],
    ]);

    const boundary = '----student-import-test';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="school_id"\r\n\r\n${schoolA.id}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"Zip":"zip_code"}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="students.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/students/import',
      headers: { ...adminA, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((multipart.json() as Answer).rows.map((row) => row.status)).toEqual(['new', 'refused']);
  });

  it('finds matches among the students the user sees, never across scopes, and repeated lines', async () => {
    const file = [
      heading,
      'Anna,Known,9 Elm,Springfield,IL,99999,ANA@known.example,',
      'Someone,Else,9 Elm,Springfield,IL,99999,,555.010.2030',
      'jose,perez,9 Elm,Springfield,IL,62701,,',
      'Bea,Other,9 Elm,Springfield,IL,73301,bea@other.example,',
      'Rita,Twice,9 Elm,Springfield,IL,62701,rita@x.example,',
      'Rita,Again,9 Elm,Springfield,IL,62701,Rita@X.example,',
    ].join('\n');
    const answer = await preview({ file });
    expect(byLine(answer, 2)).toMatchObject({ status: 'match', match: { why: ['email'], enrolled: false } });
    expect(byLine(answer, 3)).toMatchObject({ status: 'match', match: { why: ['phone'] } });
    expect(byLine(answer, 4)).toMatchObject({ status: 'match', match: { why: ['name_and_zip'] } });
    // Bea is school B's: school A's admin neither sees nor matches her.
    expect(byLine(answer, 5)).toMatchObject({ status: 'new', match: null });
    expect(byLine(answer, 7)).toMatchObject({ status: 'repeated', repeats_line: 6 });
    expect(answer.totals).toEqual({ new: 2, match: 3, repeated: 1, refused: 0 });
    // A global admin sees both schools: Bea matches.
    const everywhere = await preview({ file }, global);
    expect(byLine(everywhere, 5)).toMatchObject({ status: 'match', match: { why: ['email', 'name_and_zip'] } });
  });

  it('applies: students, enrollments and lessons with their versions, follow-up and counts right, the import recorded', async () => {
    const file = [
      `${heading},Course,Started,Last lesson sent,Last lesson sent on,Last lesson returned,Last lesson returned on,Status`,
      `Old,Lessons,1 Main St,Springfield,IL,62701,,,${courseName},01/10/2020,3,02/01/2020,2,02/20/2020,`,
      `New,Lessons,1 Main St,Springfield,IL,62701,,,${courseName},,,,,,`,
      `Ana,Known,1 Main St,Springfield,IL,62701,ana@known.example,,${courseName},,1,2026-11-01,,,`,
      `Bad,Row,,Springfield,IL,62701,,,,,,,,,`,
      `Gone,Lessons,1 Main St,Springfield,IL,62701,,,${courseName},,5,2025-05-01,5,2025-06-01,`,
    ].join('\n');
    const first = await preview({ file });
    expect(first.totals).toEqual({ new: 3, match: 1, repeated: 0, refused: 1 });
    const before = {
      students: await count('select count(*) as n from students'),
      versions: await count('select count(*) as n from versions'),
    };
    const noToken = await post({ file, school_id: schoolA.id, confirm: true });
    expect(noToken.statusCode).toBe(422);
    const wrongChoice = await post({ file, school_id: schoolA.id, confirm: true, preview_token: first.preview_token, choices: { 2: 'create' } });
    expect(wrongChoice.statusCode).toBe(422);
    expect(wrongChoice.body).toContain('line 2 does not match an existing student');

    const applied = await post({
      file,
      file_name: 'school-a.csv',
      school_id: schoolA.id,
      confirm: true,
      preview_token: first.preview_token,
      choices: { 4: 'add_enrollment' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json() as Answer;
    expect(result).toMatchObject({ applied: true, created: { students: 3, enrollments: 4, lessons: 9 } });
    expect(await count('select count(*) as n from students')).toBe(before.students + 3);
    const imported = await t.database.query<Record<string, unknown>>('select * from student_imports where id = $1', [result.import_id]);
    expect(imported[0]).toMatchObject({ file_name: 'school-a.csv', students_count: 3, enrollments_count: 4, lessons_count: 9, refused_count: 1, skipped_count: 0 });
    const made = imported[0]!.made as { students: number[]; enrollments: number[]; lessons: number[] };
    expect(made.students).toHaveLength(3);
    // Every student, enrollment and lesson has its create version, and the import its own.
    for (const [type, ids] of [['Student', made.students], ['Enrollment', made.enrollments], ['EpisodeDelivery', made.lessons]] as const) {
      expect(await count(`select count(*) as n from versions where item_type = $1 and event = 'create' and item_id = any($2::bigint[])`, [type, ids])).toBe(ids.length);
    }
    expect(await count(`select count(*) as n from versions where item_type = 'StudentImport' and item_id = $1`, [result.import_id])).toBe(1);
    expect(await count('select count(*) as n from versions')).toBeGreaterThan(before.versions);
    // The import's own version reads on the changes page like any other.
    const listed = await t.app.inject({ method: 'GET', url: '/api/versions?per_page=500', headers: global });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain('StudentImport');

    const enrollments = await t.database.query<Record<string, unknown>>(
      `select s.first_name, e.status, e.lesson_number, e.started_on::text as started_on, e.cached_latest_followup_date::text as latest,
         e.last_sent_delivery_date::text as last_sent, s.instructor_id
       from enrollments e join students s on s.id = e.student_id where e.id = any($1::bigint[]) order by e.id`,
      [made.enrollments],
    );
    expect(enrollments.map((row) => [row.first_name, row.status, row.lesson_number, row.started_on, row.latest, row.last_sent])).toEqual([
      ['Old', 'Enrolled', 3, '2020-01-10', '2020-02-20', '2020-02-01'],
      ['New', 'Enrolled', 0, expect.any(String), null, null],
      // Every lesson returned: graduated by the status rule, as when typed in.
      ['Gone', 'Graduated', 5, expect.any(String), '2025-06-01', '2025-05-01'],
      ['Ana', 'Enrolled', 1, expect.any(String), '2026-11-01', '2026-11-01'],
    ]);
    await expectLessonCountsKept(t.database);
    // The old one needs follow-up from the first day; its instructor is the school's head.
    const followup = await t.app.inject({ method: 'GET', url: '/api/enrollments/needing_followup?per_page=500', headers: adminA });
    expect(followup.statusCode).toBe(200);
    const names = (followup.json() as { enrollments: { student: { first_name: string } }[] }).enrollments.map((e) => e.student.first_name);
    expect(names).toContain('Old');
    expect(names).not.toContain('Gone');

    // The same file again: the preview changed (the students are there now), so the apply refuses.
    const again = await post({ file, school_id: schoolA.id, confirm: true, preview_token: first.preview_token });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('changed since the preview');
    const second = await preview({ file });
    expect(second.totals).toEqual({ new: 0, match: 4, repeated: 0, refused: 1 });
    expect(byLine(second, 4).match?.enrolled).toBe(true);
    const enrolledTwice = await post({ file, school_id: schoolA.id, confirm: true, preview_token: second.preview_token, choices: { 4: 'add_enrollment' } });
    expect(enrolledTwice.statusCode).toBe(422);
    expect(enrolledTwice.body).toContain('is already enrolled in Import Hope');
  });

  it('writes nothing when a write fails midway', async () => {
    const file = [
      `${heading},Course,Last lesson sent,Last lesson sent on,Instructor`,
      `Ok,First,1 Main St,Springfield,IL,62701,,,${courseName},1,2026-03-01,${teacher.email}`,
      `Fails,Second,1 Main St,Springfield,IL,62701,,,${courseName},2,1999-09-09,`,
    ].join('\n');
    const answer = await preview({ file });
    expect(answer.totals.new).toBe(2);
    const before = await t.database.query<{ students: number; enrollments: number; lessons: number; versions: number; imports: number }>(
      `select (select count(*)::int from students) as students, (select count(*)::int from enrollments) as enrollments,
        (select count(*)::int from episode_deliveries) as lessons, (select count(*)::int from versions) as versions,
        (select count(*)::int from student_imports) as imports`,
    );
    await t.database.query(`create function import_test_fail() returns trigger language plpgsql as $$
      begin if new.date_sent = '1999-09-09' then raise exception 'forced failure'; end if; return new; end $$`);
    await t.database.query(`create trigger import_test_fail before insert on episode_deliveries for each row execute function import_test_fail()`);
    try {
      const response = await post({ file, school_id: schoolA.id, confirm: true, preview_token: answer.preview_token });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.database.query('drop trigger import_test_fail on episode_deliveries');
      await t.database.query('drop function import_test_fail()');
    }
    const after = await t.database.query(
      `select (select count(*)::int from students) as students, (select count(*)::int from enrollments) as enrollments,
        (select count(*)::int from episode_deliveries) as lessons, (select count(*)::int from versions) as versions,
        (select count(*)::int from student_imports) as imports`,
    );
    expect(after).toEqual(before);
  });

  it('takes two applies of one file one after the other: the second finds the first one’s students', async () => {
    const file = `${heading}\nTia,Together,1 Main St,Springfield,IL,62701,tia@x.example,\nUri,Together,1 Main St,Springfield,IL,62701,,`;
    const { preview_token } = await preview({ file });
    const apply = () => post({ file, school_id: schoolA.id, confirm: true, preview_token });
    const answers = await Promise.all([apply(), apply()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)!.body).toContain('changed since the preview');
    expect(await count(`select count(*) as n from students where last_name = 'Together'`)).toBe(2);
  });

  it('is for admins only, into their own schools', async () => {
    const file = `${heading}\nIvy,Role,1 Main St,Springfield,IL,62701,,`;
    expect((await post({ file, school_id: schoolA.id }, instructorHeaders)).statusCode).toBe(403);
    // Another school's admin: the school is absent to them.
    expect((await post({ file, school_id: schoolA.id }, adminB)).statusCode).toBe(404);
    const other = await createSchool(t.database.db);
    expect((await post({ file, school_id: other.id })).statusCode).toBe(404);
    // One that does not exist answers alike, to a global admin too.
    expect((await post({ file, school_id: other.id + 1000 }, global)).statusCode).toBe(404);
    // School B's admin imports into school B: A's students stay out of sight.
    const inB = await post({ file: `${heading}\nAna,Known,1 Main St,Springfield,IL,62701,ana@known.example,`, school_id: schoolB.id }, adminB);
    expect(inB.statusCode).toBe(200);
    expect((inB.json() as Answer).rows[0]).toMatchObject({ status: 'new', match: null });
  });

  it('refuses a file over 50,000 rows with the sentence saying to split it', async () => {
    const file = `First name,Last name\n${'A,B\n'.repeat(50_001)}`;
    const response = await post({ file, school_id: schoolA.id });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('Split it into files of at most 50,000 rows');
  });
});
