import { signupThanks } from '@srs/shared/signup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createStaffedNetwork, outboxTo, type StaffedNetwork } from './support/student-factories.ts';

describe("'Need an account?': POST /api/signup and the requests admins decide", () => {
  let t: TestContext;
  let net: StaffedNetwork;
  const request = (email: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { first_name: 'Sam', last_name: 'Seeker', email, school_id: net.schoolA.id, message: 'I teach.', ...extra },
    });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN: '12' });
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it('answers the same for a known and an unknown email, and never creates an account', async () => {
    const unknown = await request('sam.seeker@test.example');
    const known = await request(net.instructorA.email);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(unknown.json()).toEqual({ message: signupThanks });
    expect(await t.database.query(`select id from users where email = 'sam.seeker@test.example'`)).toEqual([]);
    const pending = await t.database.query<{ email: string }>('select email from signup_requests');
    expect(pending.map((r) => r.email)).toEqual(['sam.seeker@test.example']);
    // The head school admin and the conference admin hear of it; the known address is told it has an account.
    expect((await outboxTo(t.database.db, net.schoolAdminA.email))[0]!.subject).toBe('Request for an account: Sam Seeker');
    expect(await outboxTo(t.database.db, net.conferenceAdminA.email)).toHaveLength(1);
    expect((await outboxTo(t.database.db, net.instructorA.email))[0]!.subject).toBe('You already have an account');
    const bad = await request('not-an-email', { school_id: 999_999 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json())).toEqual(['email']);
    expect((await request('x@test.example', { school_id: 999_999 })).json()).toEqual({ school_id: ['is not valid'] });
  });

  it('looks schools up by name or zip, showing only code, name and city', async () => {
    const byName = await t.app.inject({ method: 'GET', url: '/api/signup/schools?query=alpha' });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().schools[0]).toEqual({
      id: net.schoolA.id,
      school_code: net.schoolA.schoolCode,
      church_name: 'Alpha Church',
      city: 'Springfield',
    });
    const byZip = await t.app.inject({ method: 'GET', url: '/api/signup/schools?query=62701' });
    expect(byZip.json().schools.length).toBeGreaterThanOrEqual(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/signup/schools?query=a' })).statusCode).toBe(422);
  });

  it('shows the request to admins of its school only; approve creates the instructor and sends the welcome email', async () => {
    const list = async (email: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/signup_requests', headers: await t.headersFor(email) })
      ).json().signup_requests as { id: number; email: string }[];
    const [pending] = await list(net.schoolAdminA.email);
    expect(pending!.email).toBe('sam.seeker@test.example');
    expect(await list(net.conferenceAdminA.email)).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/signup_requests', headers: await t.headersFor(net.instructorA.email) }))
        .statusCode,
    ).toBe(403);
    const decide = async (email: string, decision: string, id = pending!.id) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/signup_requests/decide',
        headers: await t.headersFor(email),
        payload: { id, decision },
      });
    expect((await decide(net.instructorB.email, 'approve')).statusCode).toBe(403);
    const [otherAdmin] = await t.database.query<{ email: string }>(
      `insert into users (email, first_name, last_name) values ('b.admin@test.example', 'B', 'Admin') returning email`,
    );
    await t.database.query(
      `insert into roles (user_id, role_type, school_id) select id, 'school_admin', $1 from users where email = $2`,
      [net.schoolB.id, otherAdmin!.email],
    );
    expect((await decide(otherAdmin!.email, 'approve')).statusCode).toBe(404);
    const approved = await decide(net.schoolAdminA.email, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const user = await t.app.inject({
      method: 'GET',
      url: `/api/users/${approved.json().user_id}`,
      headers: await t.headersFor(net.schoolAdminA.email),
    });
    expect(user.json().roles).toEqual([expect.objectContaining({ role_type: 'instructor', organization_id: net.schoolA.id })]);
    expect((await outboxTo(t.database.db, 'sam.seeker@test.example'))[0]!.subject).toBe(
      'Welcome to the Student Records System',
    );
    expect((await decide(net.schoolAdminA.email, 'approve')).statusCode).toBe(404);
    expect(await list(net.schoolAdminA.email)).toEqual([]);
  });

  it('decline marks it declined and tells the requester', async () => {
    await request('dee.clined@test.example');
    const [row] = await t.database.query<{ id: number }>(`select id from signup_requests where email = 'dee.clined@test.example'`);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/signup_requests/decide',
      headers: await t.headersFor(net.conferenceAdminA.email),
      payload: { id: row!.id, decision: 'decline' },
    });
    expect(response.json()).toEqual({ id: row!.id, status: 'declined', user_id: null });
    expect((await outboxTo(t.database.db, 'dee.clined@test.example'))[0]!.subject).toBe('Your request for an account');
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) statuses.push((await request(`flood-${i}@test.example`)).statusCode);
    expect(statuses).toContain(429);
  });
});
