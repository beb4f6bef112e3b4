import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createCourse, createNetwork, enroll, type Network, offer, remind } from './support/factories.ts';

describe('read-only lists, scoped per role', () => {
  let t: TestContext;
  let net: Network;
  const get = async (email: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await t.headersFor(email) });

  beforeAll(async () => {
    t = await createTestApp({ FEATURE_INTEREST_TRACKING: 'true' });
    net = await createNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('GET /api/schools: 401 signed out, 403 for instructors, scoped for admins, 422 on a bad sort', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/schools' })).statusCode).toBe(401);
    const instructor = await get(net.instructorA.email, '/api/schools');
    expect(instructor.statusCode).toBe(403);
    expect(instructor.json().error).toBe(messages.notAuthorized);
    const admin = await get(net.schoolAdminA.email, '/api/schools');
    expect(admin.json().schools.map((s: { id: number }) => s.id)).toEqual([net.schoolA.id]);
    const conference = await get(net.conferenceAdminA.email, '/api/schools?query=church');
    expect(conference.json().schools.map((s: { id: number }) => s.id)).toEqual([net.schoolA.id]);
    const global = await get(net.globalAdmin.email, '/api/schools?per_page=100');
    const ids = global.json().schools.map((s: { id: number }) => s.id);
    expect(ids).toContain(net.schoolA.id);
    expect(ids).toContain(net.schoolB.id);
    expect((await get(net.globalAdmin.email, '/api/schools?sortBy=secret')).statusCode).toBe(422);
  });

  it('GET /api/schools/simple_list labels options, scoped to the user\'s schools', async () => {
    const response = await get(net.schoolAdminA.email, '/api/schools/simple_list');
    expect(response.json().schools).toEqual([
      expect.objectContaining({
        id: net.schoolA.id,
        school_code: net.schoolA.schoolCode,
        church_name: 'Alpha Church',
        students_count: 2,
        head_school_admin: false,
      }),
    ]);
    // The manual new-student path lists an instructor's own schools too (docs/decisions.md).
    const instructor = await get(net.instructorA.email, '/api/schools/simple_list');
    expect(instructor.json().schools.map((s: { id: number }) => s.id)).toEqual([net.schoolA.id]);
  });

  it('GET /api/schools.csv exports the scoped schools', async () => {
    const response = await get(net.schoolAdminA.email, '/api/schools.csv');
    expect(String(response.headers['content-disposition'])).toMatch(/schools-\d{4}-\d{2}-\d{2}\.csv/);
    expect(response.body).toContain('Alpha Church');
    expect(response.body).not.toContain('Beta Church');
  });

  it('GET /api/users?role=instructor: scoped, with student counts and roles', async () => {
    const response = await get(net.schoolAdminA.email, '/api/users?role=instructor&per_page=100');
    const users = response.json().users as {
      id: number;
      students_count: number;
      roles: { organization_name: string }[];
    }[];
    expect(users.map((u) => u.id).sort()).toEqual([net.instructorA.id, net.otherInstructorA.id].sort());
    expect(users.find((u) => u.id === net.instructorA.id)?.students_count).toBe(1);
    expect(users[0]?.roles[0]?.organization_name).toContain('Alpha Church');
    expect((await get(net.instructorA.email, '/api/users')).statusCode).toBe(403);
    const csv = await get(net.schoolAdminA.email, '/api/users.csv?role=instructor');
    expect(String(csv.headers['content-disposition'])).toMatch(/users-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).not.toContain(net.instructorB.email);
  });

  it('GET /api/series: courses as data.courses, seminars as data.seminars, scoped by what schools offer', async () => {
    const { course } = await createCourse(t.database.db, 2, { name: 'Scoped Course Alpha' });
    await offer(t.database.db, course.id, net.schoolA.id);
    await enroll(t.database.db, net.studentA.id, course.id);
    const a = await get(net.instructorA.email, '/api/series?type=Course&query=scoped');
    expect(a.json().courses).toEqual([expect.objectContaining({ id: course.id, students_count: 1, priority: false })]);
    const b = await get(net.instructorB.email, '/api/series?type=Course&query=scoped');
    expect(b.json().courses).toEqual([]);
    const seminars = await get(net.instructorB.email, '/api/series?type=Seminar');
    expect(seminars.json()).toHaveProperty('seminars');
    expect((await get(net.instructorA.email, '/api/series?type=Lesson')).statusCode).toBe(422);
  });

  it('GET /api/enrollments/needing_followup: overdue follow-up and due reminders, scoped', async () => {
    const { course } = await createCourse(t.database.db, 2, { name: 'Follow-up Course' });
    const stale = await enroll(t.database.db, net.studentA.id, course.id, { startedOn: '2020-01-01' });
    const fresh = await enroll(t.database.db, net.studentA.id, course.id);
    const reminded = await enroll(t.database.db, net.studentA2.id, course.id);
    const done = await enroll(t.database.db, net.studentA.id, course.id, {
      startedOn: '2020-01-01',
      status: 'Graduated',
    });
    await remind(t.database.db, reminded.id, '2021-06-01');
    await t.database.exec(`update enrollments set cached_next_reminder_date = '2021-06-01' where id = ${reminded.id}`);
    const ids = async (email: string) =>
      ((await get(email, '/api/enrollments/needing_followup?per_page=500')).json().enrollments as { id: number }[]).map(
        (e) => e.id,
      );
    const school = await ids(net.schoolAdminA.email);
    expect(school).toContain(stale.id);
    expect(school).toContain(reminded.id);
    expect(school).not.toContain(fresh.id);
    expect(school).not.toContain(done.id);
    const instructor = await ids(net.instructorA.email);
    expect(instructor).toContain(stale.id);
    expect(instructor).not.toContain(reminded.id);
    expect(await ids(net.instructorB.email)).not.toContain(stale.id);
    const count = await get(net.schoolAdminA.email, '/api/enrollments/needing_followup?per_page=1');
    expect(count.json().enrollments).toHaveLength(1);
    expect(count.json().pagination.total_count).toBeGreaterThanOrEqual(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/enrollments/needing_followup' })).statusCode).toBe(401);
    expect((await get(net.instructorA.email, '/api/enrollments/needing_followup?page=0')).statusCode).toBe(422);
  });

  it('GET /api/interests: all for global admins, their schools’ for admins, their students’ for instructors', async () => {
    const { interests } = await import('../src/db/schema/index.ts');
    await t.database.db.insert(interests).values([
      { firstName: 'Ivy', lastName: 'Interested', schoolId: net.schoolA.id, studentId: net.studentA.id, status: 'assigned' },
      { firstName: 'Una', lastName: 'Unworked', schoolId: net.schoolA.id, status: 'assigned' },
      { firstName: 'Otto', lastName: 'Elsewhere', schoolId: net.schoolB.id, status: 'assigned' },
    ]);
    const names = async (email: string) =>
      ((await get(email, '/api/interests?per_page=500')).json().interests as { last_name: string }[]).map(
        (i) => i.last_name,
      );
    expect(await names(net.instructorA.email)).toContain('Interested');
    // A person's details go no further than the student's own scope (docs/decisions/018).
    expect(await names(net.instructorA.email)).not.toContain('Unworked');
    expect(await names(net.schoolAdminA.email)).toEqual(expect.arrayContaining(['Interested', 'Unworked']));
    expect(await names(net.schoolAdminA.email)).not.toContain('Elsewhere');
    expect(await names(net.instructorA.email)).not.toContain('Elsewhere');
    expect(await names(net.globalAdmin.email)).toEqual(expect.arrayContaining(['Interested', 'Elsewhere']));
    const count = await get(net.instructorA.email, '/api/interests?per_page=1');
    expect(count.json().pagination.total_count).toBe(1);
    expect((await get(net.instructorA.email, '/api/interests?status=lost')).statusCode).toBe(422);
  });

  it('GET /api/countries and /api/states?country_name= come from the data packages', async () => {
    const countries = await get(net.instructorA.email, '/api/countries');
    const names = countries.json().countries.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['United States', 'Canada', 'Mexico']));
    const states = await get(net.instructorA.email, '/api/states?country_name=Canada');
    expect(states.json().states).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Ontario', abbreviation: 'ON' })]),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(401);
  });
});

describe('security of every response', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends a Content-Security-Policy without inline script, nosniff and frame protection', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('documents every API route in the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/students',
      '/api/students/{id}',
      '/api/schools',
      '/api/users',
      '/api/series',
      '/api/enrollments/needing_followup',
      '/api/logout',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('limits the rate of sign-in attempts', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGN_IN: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/users/auth/url' })).statusCode);
      expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
      expect(codes[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses to start when a route declares no roles', async () => {
    const { default: Fastify } = await import('fastify');
    const { auth } = await import('../src/plugins/auth.ts');
    const { createTokenService } = await import('../src/auth/tokens.ts');
    const { createSessionCache } = await import('../src/auth/session-cache.ts');
    const app = Fastify();
    const sessions = await createSessionCache(t.database);
    await app.register(auth, {
      db: t.database.db,
      tokens: await createTokenService(t.database.db, { TOKEN_TTL_MINUTES: 5 }),
      sessions,
    });
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no allowed roles/);
    await app.close();
    await sessions.close();
  });
});
