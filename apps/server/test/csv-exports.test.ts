import type { School } from '@srs/shared/schools';
import type { Student } from '@srs/shared/students';
import type { UserItem } from '@srs/shared/users';
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
    for (const url of ['/api/students.csv', '/api/schools.csv', '/api/users.csv']) {
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
});
