import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { createUser } from './support/factories.ts';
import { createStaffedNetwork, outboxTo, type StaffedNetwork } from './support/student-factories.ts';

const linkIn = (text: string) => /http:\/\/localhost:3000(\/idp\/welcome\/[A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('the welcome email and its single-use link to set a password', () => {
  let t: TestContext;
  let net: StaffedNetwork;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN: '1000' });
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  const welcome = async (userId: number, email = net.schoolAdminA.email) =>
    t.app.inject({ method: 'POST', url: `/api/users/${userId}/welcome_email`, headers: await t.headersFor(email) });
  const setPassword = (path: string, password: string, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ password, password_confirmation: confirmation }).toString(),
    });
  const signsIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/idp/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email,
        current_password: password,
        password: `${password}-2`,
        password_confirmation: `${password}-2`,
      }).toString(),
    });

  it('created with send_welcome_email: the outbox holds the link, only its hash is stored, sent_at is written', async () => {
    const email = 'welcome.me@test.example';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await t.headersFor(net.schoolAdminA.email),
      payload: {
        first_name: 'Wendy',
        last_name: 'Welcome',
        email,
        roles: [{ role_type: 'instructor', organization_id: net.schoolA.id }],
        send_welcome_email: true,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().welcome_email_sent_at).not.toBeNull();
    const [mail] = await outboxTo(t.database.db, email);
    expect(mail!.subject).toBe('Welcome to the Student Records System');
    const path = linkIn(mail!.text)!;
    expect(path).toBeDefined();
    const stored = await t.database.query<{ token_hash: string; expires_at: Date }>(
      'select token_hash, expires_at from password_tokens where user_id = $1',
      [created.json().id],
    );
    expect(stored).toHaveLength(1);
    expect(path).not.toContain(stored[0]!.token_hash);
    const days = (new Date(stored[0]!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set your password');
    expect(page.body).toContain(email);

    const short = await setPassword(path, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('at least 12 characters');
    const mismatch = await setPassword(path, 'long-enough-1', 'long-enough-2');
    expect(mismatch.body).toContain('do not match');

    const done = await setPassword(path, 'a-new-password-1');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is set');
    expect((await signsIn(email, 'a-new-password-1')).body).toContain('Your password has been changed');

    const again = await setPassword(path, 'another-password-1');
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link has already been used');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('already been used');
  });

  it('an expired link says so; a newer email replaces the older link; an unknown link is not valid', async () => {
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    expect((await welcome(user.id)).statusCode).toBe(200);
    const first = linkIn((await outboxTo(t.database.db, user.email))[0]!.text)!;
    await t.database.query(`update password_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [
      user.id,
    ]);
    const expired = await t.app.inject({ method: 'GET', url: first });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');

    const response = await welcome(user.id);
    expect(response.json().link_expires_at).not.toBeNull();
    const mails = await outboxTo(t.database.db, user.email);
    const second = linkIn(mails[mails.length - 1]!.text)!;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).body).toContain('This link is not valid');
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/idp/welcome/not-a-token' })).statusCode).toBe(410);
  });

  it('is for admins who manage the user: instructors 403, out of scope 404', async () => {
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: net.schoolA.id });
    expect((await welcome(user.id, net.instructorA.email)).statusCode).toBe(403);
    expect((await welcome(net.instructorB.id)).statusCode).toBe(404);
  });
});

describe('the welcome email with an external OIDC provider', () => {
  let t: TestContext;
  let net: StaffedNetwork;
  beforeAll(async () => {
    t = await createTestApp({ OIDC_ISSUER: 'https://sso.example.org', OIDC_CLIENT_ID: 'srs' });
    net = await createStaffedNetwork(t.database.db);
  });
  afterAll(async () => t.close());

  it("links to the product's sign-in and stores no token", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${net.instructorA.id}/welcome_email`,
      headers: await t.headersFor(net.schoolAdminA.email),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().link_expires_at).toBeNull();
    const [mail] = await outboxTo(t.database.db, net.instructorA.email);
    expect(mail!.text).toContain('http://localhost:3000/login');
    expect(await t.database.query('select id from password_tokens')).toEqual([]);
  });
});
