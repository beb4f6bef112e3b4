import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createNetwork, createStudent, enroll, type Network, offer } from './support/factories.ts';

/** The filters the phone dashboard tiles put on /students, and the counts they must agree with. */
describe('GET /api/students filters of the dashboard tiles', () => {
  let t: TestContext;
  let net: Network;
  const get = async (email: string, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: await t.headersFor(email) });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      students: { id: number; first_name: string }[];
      pagination: { total_count: number };
    };
  };
  const firstNames = async (email: string, filter: string) =>
    (await get(email, `/api/students?full_name_i_cont_all[]=filterkin&per_page=100&${filter}`)).students
      .map((s) => s.first_name)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    const db = t.database.db;
    const { course } = await createCourse(db, 2);
    const { course: seminar } = await createCourse(db, 2, { type: 'Seminar', schoolId: net.schoolA.id });
    await offer(db, course.id, net.schoolA.id);
    const student = (firstName: string) =>
      createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName, lastName: 'Filterkin' });
    const inCourse = await student('Course');
    const inSeminar = await student('Seminar');
    const inBoth = await student('Both');
    const orphaned = await student('Orphaned');
    await student('Nothing');
    await enroll(db, inCourse.id, course.id);
    await enroll(db, inSeminar.id, seminar.id, { status: 'Applied' });
    await enroll(db, inBoth.id, course.id);
    await enroll(db, inBoth.id, seminar.id, { status: 'Applied' });
    // Moved to a school that does not offer the course: kept, but no longer "in a course".
    await enroll(db, orphaned.id, course.id, { orphaned: true });
  });
  afterAll(async () => t.close());

  it('enrollments_series_type_eq keeps students with an enrollment of that type that is not orphaned', async () => {
    expect(await firstNames(net.schoolAdminA.email, 'enrollments_series_type_eq=Course')).toEqual(['Both', 'Course']);
    expect(await firstNames(net.schoolAdminA.email, 'enrollments_series_type_eq=Seminar')).toEqual(['Both', 'Seminar']);
    expect(await firstNames(net.schoolAdminA.email, '')).toEqual(['Both', 'Course', 'Nothing', 'Orphaned', 'Seminar']);
  });

  it('enrollments_series_type_eq stays within the scope and refuses another type', async () => {
    expect(await firstNames(net.instructorB.email, 'enrollments_series_type_eq=Course')).toEqual([]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/students?enrollments_series_type_eq=Lesson',
      headers: await t.headersFor(net.schoolAdminA.email),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())).toContain('enrollments_series_type_eq');
  });

  it('the needing-follow-up filter counts exactly the students of the follow-up list', async () => {
    const db = t.database.db;
    const { course } = await createCourse(db, 2);
    await offer(db, course.id, net.schoolA.id);
    const student = (firstName: string) =>
      createStudent(db, { schoolId: net.schoolA.id, instructorId: net.instructorA.id, firstName, lastName: 'Followkin' });
    const twice = await student('Twice');
    const once = await student('Once');
    const orphanedOnly = await student('OrphanedOnly');
    const graduated = await student('Graduated');
    const stale = { startedOn: '2020-01-01' };
    // Two enrollments needing follow-up: two rows of the follow-up list, one student.
    await enroll(db, twice.id, course.id, stale);
    await enroll(db, twice.id, course.id, stale);
    await enroll(db, once.id, course.id, stale);
    await enroll(db, orphanedOnly.id, course.id, { ...stale, orphaned: true });
    await enroll(db, graduated.id, course.id, { ...stale, status: 'Graduated' });

    for (const email of [net.schoolAdminA.email, net.instructorA.email, net.instructorB.email]) {
      const followup = (await get(email, '/api/enrollments/needing_followup?per_page=500')) as unknown as {
        enrollments: { student: { id: number } }[];
      };
      const listed = new Set(followup.enrollments.map((e) => e.student.id));
      const filtered = await get(email, '/api/students?enrollments_needing_followup_eq=true&per_page=500');
      expect(filtered.students.map((s) => s.id).sort()).toEqual([...listed].sort());
      const tile = await get(email, '/api/students?enrollments_needing_followup_eq=true&per_page=1');
      expect(tile.pagination.total_count).toBe(listed.size);
    }
    const names = (
      await get(net.schoolAdminA.email, '/api/students?full_name_i_cont_all[]=followkin&enrollments_needing_followup_eq=true')
    ).students.map((s) => s.first_name);
    expect(names.sort()).toEqual(['Once', 'Twice']);
  });

  it('compares registration numbers of up to 18 digits exactly, beyond the precision of a JS number', async () => {
    const db = t.database.db;
    const { course } = await createCourse(db, 1);
    await offer(db, course.id, net.schoolA.id);
    const student = await createStudent(db, {
      schoolId: net.schoolA.id,
      instructorId: net.instructorA.id,
      firstName: 'Bignum',
      lastName: 'Filterkin',
    });
    const enrollment = await enroll(db, student.id, course.id);
    // 2^53 + 1: as a JS number it reads as 2^53, the number one below it.
    await t.database.exec(`update enrollments set registration_number = 9007199254740993 where id = ${enrollment.id}`);
    const ids = async (query: string) =>
      (await get(net.schoolAdminA.email, `/api/students?${query}`)).students.map((s) => s.id);
    expect(await ids('enrollments_registration_number_eq=9007199254740993')).toEqual([student.id]);
    expect(await ids('enrollments_registration_number_eq=9007199254740992')).toEqual([]);
    expect(await ids('query=9007199254740993')).toEqual([student.id]);
    expect(await ids('query=9007199254740992')).toEqual([]);
    expect(await ids('enrollments_registration_number_eq=999999999999999999')).toEqual([]);
  });
});
