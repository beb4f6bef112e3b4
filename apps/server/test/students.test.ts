import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createNetwork, deliver, enroll, type Network, offer, share } from './support/factories.ts';

describe('GET /api/students', () => {
  let t: TestContext;
  let net: Network;
  const names = async (email: string, query = 'full_name_i_cont_all[]=quartermain') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/students?${query}`,
      headers: await t.headersFor(email),
    });
    expect(response.statusCode).toBe(200);
    return (response.json().students as { first_name: string }[]).map((s) => s.first_name).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/students' });
    expect(response.statusCode).toBe(401);
  });

  it('scopes students: global admin all, conference admin its schools, school admin its school, instructor own and shared', async () => {
    expect(await names(net.globalAdmin.email)).toEqual(['Xanthe', 'Yolanda', 'Zebulon']);
    expect(await names(net.conferenceAdminA.email)).toEqual(['Xanthe', 'Zebulon']);
    expect(await names(net.schoolAdminA.email)).toEqual(['Xanthe', 'Zebulon']);
    expect(await names(net.instructorA.email)).toEqual(['Zebulon']);
    expect(await names(net.instructorB.email)).toEqual(['Yolanda']);
    await share(t.database.db, net.studentA2.id, net.instructorB.id);
    expect(await names(net.instructorB.email)).toEqual(['Xanthe', 'Yolanda']);
    expect(await names(net.instructorB.email, 'full_name_i_cont_all[]=quartermain&section=shared')).toEqual(['Xanthe']);
    expect(await names(net.instructorB.email, 'full_name_i_cont_all[]=quartermain&section=mine')).toEqual(['Yolanda']);
  });

  it('answers 404 for a student out of scope, exactly like a missing one', async () => {
    const headers = await t.headersFor(net.instructorA.email);
    const outOfScope = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentB.id}`, headers });
    const missing = await t.app.inject({ method: 'GET', url: '/api/students/999999999', headers });
    expect(outOfScope.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(missing.json());
    const own = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentA.id}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      first_name: 'Zebulon',
      school: { id: net.schoolA.id },
      instructor: { id: net.instructorA.id },
    });
  });

  it('answers 422 with field messages for bad input', async () => {
    const headers = await t.headersFor(net.globalAdmin.email);
    const badSort = await t.app.inject({ method: 'GET', url: '/api/students?sortBy=password', headers });
    expect(badSort.statusCode).toBe(422);
    expect(Object.keys(badSort.json())).toContain('sortBy');
    expect(badSort.json().sortBy[0]).toEqual(expect.any(String));
    expect(badSort.json().sortBy[0].length).toBeGreaterThan(3);
    const badNumber = await t.app.inject({
      method: 'GET',
      url: '/api/students?enrollments_registration_number_eq=12a',
      headers,
    });
    expect(badNumber.statusCode).toBe(422);
    const badId = await t.app.inject({ method: 'GET', url: '/api/students/abc', headers });
    expect(badId.statusCode).toBe(422);
  });

  it('matches every word anywhere in the full name, case-insensitively', async () => {
    expect(await names(net.globalAdmin.email, 'full_name_i_cont_all[]=QUARTER&full_name_i_cont_all[]=ebu')).toEqual([
      'Zebulon',
    ]);
    expect(
      await names(net.globalAdmin.email, 'full_name_i_cont_all[]=quartermain&full_name_i_cont_all[]=nobody'),
    ).toEqual([]);
    expect(await names(net.globalAdmin.email, 'full_name_i_cont_all[]=100%25')).toEqual([]);
  });

  it('finds a student by registration number and returns enrollment rows', async () => {
    const { course, lessons } = await createCourse(t.database.db, 3);
    await offer(t.database.db, course.id, net.schoolA.id);
    const enrollment = await enroll(t.database.db, net.studentA.id, course.id);
    await deliver(t.database.db, enrollment.id, lessons[0]!.id, { dateSent: '2026-01-05' });
    await t.database.exec(
      `update enrollments set lesson_number = 1, last_sent_delivery_date = '2026-01-05' where id = ${enrollment.id}`,
    );
    const headers = await t.headersFor(net.instructorA.email);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/students?enrollments_registration_number_eq=${enrollment.registrationNumber}&per_page=2`,
      headers,
    });
    expect(response.json().students).toHaveLength(1);
    expect(response.json().pagination.total_count).toBe(1);
    const quickFind = await t.app.inject({
      method: 'GET',
      url: `/api/students?query=${enrollment.registrationNumber}`,
      headers,
    });
    expect(quickFind.json().students.map((s: { id: number }) => s.id)).toEqual([net.studentA.id]);
    expect(response.json().students[0].course_enrollments[0]).toMatchObject({
      series_name: course.name,
      series_type: 'Course',
      registration_number: String(enrollment.registrationNumber),
      lesson_number: 1,
      last_sent_delivery: { date_sent: '2026-01-05' },
      orphaned: false,
      status: 'Enrolled',
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/students?enrollments_registration_number_eq=${enrollment.registrationNumber}`,
      headers: await t.headersFor(net.instructorB.email),
    });
    expect(other.json().students).toHaveLength(0);
    // 18 digits, past a JavaScript number's 2^53: shown exactly as kept (decision 030).
    const long = '987654321987654321';
    await t.database.exec(`update enrollments set registration_number = ${long} where id = ${enrollment.id}`);
    const exact = await t.app.inject({ method: 'GET', url: `/api/students?enrollments_registration_number_eq=${long}`, headers });
    expect(exact.json().students[0].course_enrollments[0].registration_number).toBe(long);
    const detail = await t.app.inject({ method: 'GET', url: `/api/students/${net.studentA.id}`, headers });
    expect(detail.json().course_enrollments[0].registration_number).toBe(long);
  });

  it('keeps a status, a series type and a mailing option to the schema\'s values, also written by hand (migration 0038)', async () => {
    // The list sends what the database wrote (decision 030): a value outside the schema never gets in.
    const { course } = await createCourse(t.database.db, 1);
    const enrollment = await enroll(t.database.db, net.studentB.id, course.id);
    await expect(t.database.exec(`update enrollments set status = 'Bogus' where id = ${enrollment.id}`)).rejects.toThrow(
      /enrollments_status_known/,
    );
    await expect(t.database.exec(`update series set type = 'Retreat' where id = ${course.id}`)).rejects.toThrow(/series_type_known/);
    await expect(
      t.database.exec(`update students set include_in_mailing_list = 'sometimes' where id = ${net.studentB.id}`),
    ).rejects.toThrow(/students_mailing_option_known/);
    await t.database.exec(`update enrollments set status = 'Graduated' where id = ${enrollment.id}`);
  });

  it('sorts through sortBy/orderBy and paginates', async () => {
    const headers = await t.headersFor(net.globalAdmin.email);
    const url = (order: string, page: number) =>
      `/api/students?full_name_i_cont_all[]=quartermain&sortBy=name&orderBy=${order}&per_page=2&page=${page}`;
    const asc = await t.app.inject({ method: 'GET', url: url('asc', 1), headers });
    expect(asc.json().students.map((s: { first_name: string }) => s.first_name)).toEqual(['Xanthe', 'Yolanda']);
    expect(asc.json().pagination).toMatchObject({ page: 1, per_page: 2, total_count: 3, total_pages: 2, total_capped: false });
    const page2 = await t.app.inject({ method: 'GET', url: url('asc', 2), headers });
    expect(page2.json().students.map((s: { first_name: string }) => s.first_name)).toEqual(['Zebulon']);
    const desc = await t.app.inject({ method: 'GET', url: url('desc', 1), headers });
    expect(desc.json().students.map((s: { first_name: string }) => s.first_name)).toEqual(['Zebulon', 'Yolanda']);
  });

  it('turns pagination off for the duplicate search', async () => {
    const headers = await t.headersFor(net.globalAdmin.email);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/students?full_name_i_cont_all[]=quartermain&pagination=false&per_page=1',
      headers,
    });
    expect(response.json().students).toHaveLength(3);
  });

  it('exports the current filter as CSV named students-{date}.csv, scoped', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/students.csv?full_name_i_cont_all[]=quartermain',
      headers: await t.headersFor(net.schoolAdminA.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toMatch(
      /attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toContain('First Name');
    expect(lines).toHaveLength(3);
    expect(response.body).toContain('Zebulon');
    expect(response.body).not.toContain('Yolanda');
  });

  it('refuses a role that may not read students with 403', async () => {
    const { createUser } = await import('./support/factories.ts');
    const nobody = await createUser(t.database.db, null);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: await t.headersFor(nobody.email),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.notAuthorized);
  });
});
