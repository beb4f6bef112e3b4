import type { School } from '@srs/shared/schools';
import type { Student } from '@srs/shared/students';
import type { UserItem } from '@srs/shared/users';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSeminar } from './support/enrollment-factories.ts';
import {
  createConference,
  createCourse,
  createSchool,
  createStudent,
  createUser,
  enroll,
  offer,
  share,
} from './support/factories.ts';
import { legacyCsv, legacySchoolColumns, legacyStudentColumns, legacyUserColumns } from './support/legacy-csv.ts';
import { setHeadSchoolAdmin } from './support/student-factories.ts';

const tag = 'qvcsvtag';
const word = (text: string) => `full_name_i_cont_all[]=${encodeURIComponent(text)}`;

/** Cells a spreadsheet would run or a CSV reader would split: each export must print them as before. */
async function trickyNetwork(db: TestContext['database']['db']) {
  const conference = await createConference(db, `@Conference, "East" ${tag}`);
  const school = await createSchool(db, {
    conferenceId: conference.id,
    schoolCode: `+${tag}`,
    churchName: `=Church, "Holy" ${tag}`,
    schoolAddress: 'Line 1\nLine 2',
    schoolAddress2: '',
    schoolCity: '-City',
    churchCity: '\tTabbed',
    churchZipCode: '\r12',
  });
  const quiet = await createSchool(db, { conferenceId: conference.id, churchName: `Quiet ${tag}`, active: false });
  const admin = await createUser(db, { roleType: 'global_admin' }, { firstName: 'Gal', lastName: `Admin ${tag}` });
  const instructor = await createUser(
    db,
    { roleType: 'instructor', schoolId: school.id },
    { firstName: '-Neg', lastName: `Quote"s ${tag}`, email: `=inst-${tag}@test.example` },
  );
  await db.insert(roles).values([
    { userId: instructor.id, roleType: 'school_admin', schoolId: quiet.id },
    { userId: instructor.id, roleType: 'conference_admin', conferenceId: conference.id },
  ]);
  const schoolAdmin = await createUser(
    db,
    { roleType: 'school_admin', schoolId: school.id },
    { lastName: `Head ${tag}` },
  );
  await setHeadSchoolAdmin(db, school.id, schoolAdmin.id);
  const { course } = await createCourse(db, 3, { name: `=Course, "One" ${tag}` });
  const { course: zeta } = await createCourse(db, 2, { name: `Zeta ${tag}` });
  const { seminar } = await createSeminar(db, school.id, 1, { name: `Seminar\nTwo ${tag}` });
  await offer(db, course.id, school.id);
  await offer(db, zeta.id, school.id);
  const odd = await createStudent(db, {
    schoolId: school.id,
    instructorId: instructor.id,
    firstName: '=SUM(A1)',
    middleName: '',
    lastName: `O"Brien, Jr. ${tag}`,
    address: 'Flat 1\r\nHigh St',
    address2: '\rcarriage',
    city: '-Minus',
    state: '+Plus',
    zipCode: '@home',
    country: '\ttab',
    email: 'a,b@example.com',
    phone: '"quoted"',
    socialMedia: 'Łódź 日本 🎉',
    includeInMailingList: 'always',
  });
  const enrollments = [
    await enroll(db, odd.id, course.id, { startedOn: '2020-01-05', lessonNumber: 2, status: 'Enrolled' }),
    await enroll(db, odd.id, seminar.id, { startedOn: '2020-02-01', status: 'Attended' }),
    await enroll(db, odd.id, zeta.id, { startedOn: '2020-03-01', status: 'Applied' }),
  ];
  const plain = await createStudent(db, {
    schoolId: school.id,
    firstName: 'Plain',
    lastName: `Person ${tag}`,
    address: null,
  });
  const quote = await createStudent(db, { schoolId: quiet.id, firstName: ' spaced ', lastName: `D'Arcy \\ ${tag}` });
  await enroll(db, quote.id, course.id, { status: 'Graduated', lessonNumber: 3 });
  await share(db, plain.id, instructor.id);
  return { school, admin, instructor, schoolAdmin, course, enrollments, first: enrollments[0]! };
}

describe('CSV exports stream from the database and print what they printed before', () => {
  let t: TestContext;
  let net: Awaited<ReturnType<typeof trickyNetwork>>;
  const get = async (email: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: await t.headersFor(email) });
    expect(response.statusCode, url).toBe(200);
    return response;
  };
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  const expectDownload = (csv: Awaited<ReturnType<typeof get>>, label: string) => {
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename="${label}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await trickyNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('answers a HEAD of an export with 404 instead of running the export to throw it away', async () => {
    const headers = await t.headersFor(net.admin.email);
    for (const url of ['/api/students.csv', '/api/schools.csv', '/api/users.csv', '/api/students.xlsx']) {
      expect((await t.app.inject({ method: 'HEAD', url, headers })).statusCode, url).toBe(404);
    }
  });

  it('students.csv: the list filter and scope, byte for byte as the list would have printed', async () => {
    const cases: [string, string, number][] = [
      [net.admin.email, word(tag), 3],
      [net.admin.email, `${word(tag)}&enrollments_series_id_eq=${net.course.id}`, 2],
      [net.admin.email, `${word(tag)}&enrollments_series_type_eq=Seminar`, 1],
      [net.admin.email, `${word(tag)}&school_id_eq=${net.school.id}`, 2],
      [net.admin.email, `${word(tag)}&instructor_id_eq=${net.instructor.id}`, 1],
      [net.admin.email, `enrollments_registration_number_eq=${net.first.registrationNumber}`, 1],
      [net.admin.email, word(String(net.first.registrationNumber)), 1],
      [net.admin.email, `${word(`o"brien,`)}&query=${encodeURIComponent('jr.')}`, 1],
      // A quote and a backslash in the search reach COPY as literals.
      [net.admin.email, `${word("d'arcy")}&${word('\\')}`, 1],
      [net.admin.email, `${word(tag)}&enrollments_needing_followup_eq=true`, 1],
      [net.schoolAdmin.email, word(tag), 2],
      [net.instructor.email, `${word(tag)}&section=mine`, 1],
      [net.instructor.email, `${word(tag)}&section=shared`, 1],
    ];
    for (const [email, filter, count] of cases) {
      const list = await get(email, `/api/students?${filter}&pagination=false`);
      const students = byId(list.json().students as Student[]);
      expect(students, filter).toHaveLength(count);
      const csv = await get(email, `/api/students.csv?${filter}`);
      expectDownload(csv, 'students');
      expect(csv.body, filter).toBe(legacyCsv(legacyStudentColumns, students));
    }
  });

  it('prefixes the cells a spreadsheet would run with an apostrophe and quotes what would split a row', async () => {
    const csv = await get(net.admin.email, `/api/students.csv?${word('o"brien')}`);
    const created = new Date().toISOString().slice(0, 10);
    const [course, seminar, zeta] = net.enrollments.map((e) => e.registrationNumber);
    const row = [
      `'=SUM(A1)`,
      '',
      `"O""Brien, Jr. ${tag}"`,
      '"Flat 1\r\nHigh St"',
      `"'\rcarriage"`,
      `'-Minus`,
      `'+Plus`,
      `'@home`,
      `'\ttab`,
      '"a,b@example.com"',
      '"""quoted"""',
      'Łódź 日本 🎉',
      'always',
      created,
      `"'-Neg Quote""s ${tag}"`,
      `'+${tag}`,
      `"'=Church, ""Holy"" ${tag}"`,
      // Courses, then seminars, newest first.
      `"Zeta ${tag} #${zeta} (Applied, lesson 0); =Course, ""One"" ${tag} #${course} (Enrolled, lesson 2); ` +
        `Seminar\nTwo ${tag} #${seminar} (Attended)"`,
    ];
    expect(csv.body.slice(csv.body.indexOf('\n') + 1)).toBe(`${row.join(',')}\n`);
  });

  it('schools.csv and users.csv: the list filter and scope, byte for byte as before', async () => {
    for (const [email, filter, count] of [
      [net.admin.email, `query=${tag}`, 2],
      [net.admin.email, `query=${tag}&active=true`, 1],
      [net.schoolAdmin.email, `query=${tag}`, 1],
    ] as const) {
      const schools = (await get(email, `/api/schools?${filter}&pagination=false&sortBy=school_code`)).json()
        .schools as School[];
      expect(schools, filter).toHaveLength(count);
      const csv = await get(email, `/api/schools.csv?${filter}`);
      expectDownload(csv, 'schools');
      expect(csv.body, filter).toBe(legacyCsv(legacySchoolColumns, schools));
    }
    for (const [email, filter, count] of [
      [net.admin.email, `query=${tag}`, 3],
      [net.admin.email, `query=${tag}&role=instructor`, 1],
      [net.schoolAdmin.email, `query=${tag}`, 2],
    ] as const) {
      const users = (await get(email, `/api/users?${filter}&pagination=false&sortBy=name`)).json().users as UserItem[];
      expect(users, filter).toHaveLength(count);
      const csv = await get(email, `/api/users.csv?${filter}`);
      expectDownload(csv, 'users');
      expect(csv.body, filter).toBe(legacyCsv(legacyUserColumns, users));
    }
  });

  it('Excel beside each CSV: the same columns, rows, filter and scope, typed cells, a frozen header', async () => {
    const cases: [string, string, string][] = [
      [net.admin.email, 'students', word(tag)],
      [net.schoolAdmin.email, 'students', word(tag)],
      [net.admin.email, 'students', `${word(tag)}&enrollments_series_id_eq=${net.course.id}`],
      [net.instructor.email, 'students', `${word(tag)}&section=shared`],
      [net.admin.email, 'schools', `query=${tag}`],
      [net.schoolAdmin.email, 'schools', `query=${tag}`],
      [net.admin.email, 'users', `query=${tag}&role=instructor`],
    ];
    for (const [email, label, filter] of cases) {
      const csv = parseCsv((await get(email, `/api/${label}.csv?${filter}`)).body);
      const response = await get(email, `/api/${label}.xlsx?${filter}`);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(String(response.headers['content-disposition'])).toMatch(
        new RegExp(`^attachment; filename="${label}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      const rows: string[][] = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const cells: string[] = [];
        for (let i = 1; i <= csv[0]!.length; i++) cells.push(cellText(row.getCell(i).value));
        rows.push(cells);
      });
      // Every cell as the CSV has it, a CR in a cell included (XML would read a bare CR as LF).
      expect(rows, `${label} ${filter}`).toEqual(csv);
      // A width of 9 is a sheet's default, which the file leaves unsaid.
      for (let i = 1; i <= csv[0]!.length; i++) expect(sheet.getColumn(i).width ?? 9).toBeGreaterThanOrEqual(8);
    }
  });

  it('Excel cells are typed: numbers as numbers, days as dates, formula-like text as the CSV has it', async () => {
    const students = await get(net.admin.email, `/api/students.xlsx?${word(tag)}&school_id_eq=${net.school.id}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(students.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const odd = [2, 3].map((n) => sheet.getRow(n)).find((row) => row.getCell(1).value === "'=SUM(A1)")!;
    expect(odd).toBeDefined();
    const created = odd.getCell(header.indexOf('Created') + 1);
    expect(created.value).toBeInstanceOf(Date);
    expect(created.numFmt).toBe('mm/dd/yyyy');
    expect(odd.getCell(header.indexOf('City') + 1).value).toBe("'-Minus");
    expect(odd.getCell(header.indexOf('City') + 1).formula).toBeUndefined();
    const schools = await get(net.admin.email, `/api/schools.xlsx?query=${tag}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(schools.rawPayload as unknown as ArrayBuffer);
    const schoolSheet = book.worksheets[0]!;
    const studentsColumn = (schoolSheet.getRow(1).values as string[]).indexOf('Students');
    expect(typeof schoolSheet.getRow(2).getCell(studentsColumn).value).toBe('number');
  });
});

/** The cells of a CSV as csv-stringify wrote them: quoted cells may hold , " CR and LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

/** A spreadsheet cell as the CSV prints it: a date as YYYY-MM-DD, nothing as empty. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

