import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createSeminar } from './support/enrollment-factories.ts';
import { createCourse, createStudent, createUser, enroll, offer } from './support/factories.ts';
import { createStaffedNetwork, type StaffedNetwork } from './support/student-factories.ts';

describe("a school's tabs, and what it offers", () => {
  let t: TestContext;
  let net: StaffedNetwork;
  let offered: { id: number };
  let catalogue: { id: number };
  const get = async (url: string, email: string) => t.app.inject({ method: 'GET', url, headers: await t.headersFor(email) });
  const send = async (method: 'POST' | 'DELETE', url: string, email: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.headersFor(email), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    net = await createStaffedNetwork(t.database.db);
    offered = (await createCourse(t.database.db, 2, { name: 'Amazing Facts', priority: true })).course;
    catalogue = (await createCourse(t.database.db, 2, { name: 'Discover' })).course;
    await createCourse(t.database.db, 1, { name: 'Retired Course', active: false });
    await offer(t.database.db, offered.id, net.schoolA.id);
    await enroll(t.database.db, net.studentA.id, offered.id);
    await enroll(t.database.db, net.studentA2.id, offered.id, { status: 'Graduated' });
  });
  afterAll(async () => t.close());

  it('lists the people of the school with their roles, head and students (instructors: 403)', async () => {
    const response = await get(`/api/schools/${net.schoolA.id}/instructors`, net.conferenceAdminA.email);
    expect(response.statusCode).toBe(200);
    const people = response.json().instructors;
    expect(people).toHaveLength(3);
    expect(people.find((p: { id: number }) => p.id === net.schoolAdminA.id)).toMatchObject({
      role_types: ['school_admin'],
      head_school_admin: true,
    });
    expect(people.find((p: { id: number }) => p.id === net.instructorA.id)).toMatchObject({
      role_types: ['instructor'],
      head_school_admin: false,
      students_count: 1,
    });
    const refused = await get(`/api/schools/${net.schoolA.id}/instructors`, net.instructorA.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.notAuthorized);
    expect((await get(`/api/schools/${net.schoolB.id}/instructors`, net.schoolAdminA.email)).statusCode).toBe(404);
  });

  it('lists its courses with what stopping would orphan, and the offerable catalogue courses', async () => {
    const courses = (await get(`/api/schools/${net.schoolA.id}/courses`, net.schoolAdminA.email)).json().courses;
    expect(courses).toEqual([
      expect.objectContaining({ id: offered.id, name: 'Amazing Facts', students_count: 2, active_enrollments_count: 2 }),
    ]);
    const offerable = (await get(`/api/schools/${net.schoolA.id}/courses?offerable=true`, net.schoolAdminA.email)).json();
    const names = offerable.courses.map((c: { name: string }) => c.name);
    expect(names).toContain('Discover');
    expect(names).not.toContain('Amazing Facts');
    expect(names).not.toContain('Retired Course');
  });

  it("lists its students with the student list's behaviour", async () => {
    const response = await get(`/api/schools/${net.schoolA.id}/students?sortBy=name&per_page=1`, net.schoolAdminA.email);
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination).toMatchObject({ total_count: 2, per_page: 1, total_pages: 2 });
    const all = (await get(`/api/schools/${net.schoolA.id}/students?school_id_eq=${net.schoolB.id}`, net.globalAdmin.email)).json();
    expect(all.students.map((s: { first_name: string }) => s.first_name).sort()).toEqual(['Xanthe', 'Zebulon']);
    const found = (await get(`/api/schools/${net.schoolA.id}/students?query=xan`, net.conferenceAdminA.email)).json();
    expect(found.students.map((s: { first_name: string }) => s.first_name)).toEqual(['Xanthe']);
  });

  it('offers a catalogue course (201, audited), refuses it twice (422), instructors (403), out of scope (404)', async () => {
    const made = await send('POST', '/api/series_offered', net.schoolAdminA.email, {
      series_id: catalogue.id,
      school_id: net.schoolA.id,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ series_id: catalogue.id, school_id: net.schoolA.id });
    const twice = await send('POST', '/api/series_offered', net.schoolAdminA.email, {
      series_id: catalogue.id,
      school_id: net.schoolA.id,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({ series: ['is already offered by this school'] });
    const body = { series_id: catalogue.id, school_id: net.schoolB.id };
    expect((await send('POST', '/api/series_offered', net.instructorA.email, body)).statusCode).toBe(403);
    expect((await send('POST', '/api/series_offered', net.schoolAdminA.email, body)).statusCode).toBe(404);
    const missing = await send('POST', '/api/series_offered', net.schoolAdminA.email, {
      series_id: 999_999,
      school_id: net.schoolA.id,
    });
    expect(missing.statusCode).toBe(404);
    const versions = await t.database.query(
      `select 1 from versions where item_type = 'SeriesOffered' and item_id = $1 and event = 'create'`,
      [made.json().id],
    );
    expect(versions).toHaveLength(1);
  });

  it('stops offering: the enrollments become orphaned with their history, each audited (204)', async () => {
    const courses = (await get(`/api/schools/${net.schoolA.id}/courses`, net.schoolAdminA.email)).json().courses;
    const { series_offered_id } = courses.find((c: { id: number }) => c.id === offered.id);
    expect((await send('DELETE', `/api/series_offered/${series_offered_id}`, net.instructorA.email)).statusCode).toBe(403);
    const other = await createStudent(t.database.db, { schoolId: net.schoolB.id });
    await offer(t.database.db, offered.id, net.schoolB.id);
    const elsewhere = await enroll(t.database.db, other.id, offered.id);
    const stopped = await send('DELETE', `/api/series_offered/${series_offered_id}`, net.conferenceAdminA.email);
    expect(stopped.statusCode).toBe(204);
    const rows = await t.database.query<{ student_id: number; orphaned: boolean }>(
      'select student_id, orphaned from enrollments where series_id = $1 order by id',
      [offered.id],
    );
    expect(rows).toEqual([
      { student_id: net.studentA.id, orphaned: true },
      { student_id: net.studentA2.id, orphaned: true },
      { student_id: other.id, orphaned: false },
    ]);
    const audited = await t.database.query<{ n: number }>(
      `select count(*)::int as n from versions where item_type = 'Enrollment' and object_changes ? 'orphaned'`,
    );
    expect(audited[0]?.n).toBe(2);
    expect(await t.database.query('select 1 from enrollments where id = $1 and not orphaned', [elsewhere.id])).toHaveLength(1);
    expect((await send('DELETE', `/api/series_offered/${series_offered_id}`, net.globalAdmin.email)).statusCode).toBe(404);
    const [inB] = await t.database.query<{ id: number }>(
      'select id from series_offered where series_id = $1 and school_id = $2',
      [offered.id, net.schoolB.id],
    );
    expect((await send('DELETE', `/api/series_offered/${inB!.id}`, net.schoolAdminA.email)).statusCode).toBe(404);
  });

  it('lists the seminars it holds and takes part in; another school joins a seminar', async () => {
    const { seminar } = await createSeminar(t.database.db, net.schoolA.id, 2, { name: 'Revelation Seminar' });
    const joined = await send('POST', '/api/series_offered', net.globalAdmin.email, {
      series_id: seminar.id,
      school_id: net.schoolB.id,
    });
    expect(joined.statusCode).toBe(201);
    const held = await send('POST', '/api/series_offered', net.globalAdmin.email, {
      series_id: seminar.id,
      school_id: net.schoolA.id,
    });
    expect(held.json()).toEqual({ series: ['is held by this school'] });
    const inA = (await get(`/api/schools/${net.schoolA.id}/seminars_offered`, net.schoolAdminA.email)).json();
    expect(inA.seminars).toEqual([
      { id: seminar.id, name: 'Revelation Seminar', hosted: true, series_offered_id: null, students_count: 0 },
    ]);
    const inB = (await get(`/api/schools/${net.schoolB.id}/seminars_offered`, net.globalAdmin.email)).json();
    expect(inB.seminars).toEqual([
      expect.objectContaining({ id: seminar.id, hosted: false, series_offered_id: joined.json().id }),
    ]);
  });

  it("lets the hosting school's admins invite a school they see, and nobody join a seminar they do not see", async () => {
    const { seminar } = await createSeminar(t.database.db, net.schoolA.id, 1, { name: 'Daniel Seminar' });
    // An admin of the hosting school A who also teaches in school B: B is seen, not administered.
    const host = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolA.id });
    await t.database.query(`insert into roles (user_id, role_type, school_id) values ($1, 'instructor', $2)`, [
      host.id,
      net.schoolB.id,
    ]);
    const invited = await send('POST', '/api/series_offered', host.email, { series_id: seminar.id, school_id: net.schoolB.id });
    expect(invited.statusCode).toBe(201);
    const course = await send('POST', '/api/series_offered', host.email, { series_id: catalogue.id, school_id: net.schoolB.id });
    expect(course.statusCode).toBe(403);
    const adminB = await createUser(t.database.db, { roleType: 'school_admin', schoolId: net.schoolB.id });
    const other = (await createSeminar(t.database.db, net.schoolA.id, 1)).seminar;
    const unseen = await send('POST', '/api/series_offered', adminB.email, { series_id: other.id, school_id: net.schoolB.id });
    expect(unseen.statusCode).toBe(404);
    expect((await send('DELETE', `/api/series_offered/${invited.json().id}`, host.email)).statusCode).toBe(204);
  });

  it('orphans nothing when a school gives up an offer row of a seminar it still holds', async () => {
    const { seminar } = await createSeminar(t.database.db, net.schoolA.id, 1);
    await offer(t.database.db, seminar.id, net.schoolA.id);
    const kept = await enroll(t.database.db, net.studentA.id, seminar.id, { status: 'Applied' });
    const [row] = await t.database.query<{ id: number }>(
      'select id from series_offered where series_id = $1 and school_id = $2',
      [seminar.id, net.schoolA.id],
    );
    expect((await send('DELETE', `/api/series_offered/${row!.id}`, net.schoolAdminA.email)).statusCode).toBe(204);
    expect(await t.database.query('select 1 from enrollments where id = $1 and not orphaned', [kept.id])).toHaveLength(1);
  });
});
