import { accountMessages } from '@srs/shared/account';
import { messages, renewedTokenHeader } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { revivalMessage } from '../src/modules/users/users.service.ts';
import { totpAt, totpStepSeconds } from '../src/auth/totp.ts';
import { roles } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { InjectBrowser, openSignInForm, signInThroughProvider } from './support/browser.ts';
import { createConference, createInstructorWithPassword, createNetwork, createSchool, createUser, type Network } from './support/factories.ts';
import { outboxTo } from './support/student-factories.ts';

/**
 * Issue 24, rows 1, 5, 6 and 7: the attacks that took an account over, each tried again here.
 * Who may act on whom is user-rules.ts; how sessions end is auth/account-sessions.ts.
 */
const password = 'a-long-password-1';

describe('an admin governs an account only when they could grant every role it holds (row 1)', () => {
  let t: TestContext;
  let n: Network;
  /** A conference admin of another conference who also teaches at school A. */
  let target: { id: number; email: string };
  let targetToken: string;
  const as = async (email: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.headersFor(email) });

  beforeAll(async () => {
    t = await createTestApp();
    n = await createNetwork(t.database.db);
    const elsewhere = await createConference(t.database.db);
    const user = await createUser(
      t.database.db,
      { roleType: 'conference_admin', conferenceId: elsewhere.id },
      { passwordHash: await hashPassword(password), mfaEnabledAt: new Date(), mfaSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' },
    );
    await t.database.db.insert(roles).values({ userId: user.id, roleType: 'instructor', schoolId: n.schoolA.id });
    target = user;
    targetToken = await t.tokenFor(user.email);
  });
  afterAll(async () => t.close());

  it("a school admin of the school may edit the teacher's name, but not their email, password link or second factor", async () => {
    const admin = n.schoolAdminA.email;
    const detail = await as(admin, 'GET', `/api/users/${target.id}`);
    expect(detail.json().permissions).toEqual({
      update: true,
      change_email: false,
      destroy: false,
      welcome_email: false,
      delete_mfa: false,
    });
    expect((await as(admin, 'PUT', `/api/users/${target.id}`, { email: 'attacker@evil.example' })).statusCode).toBe(403);
    expect((await as(admin, 'POST', `/api/users/${target.id}/welcome_email`)).statusCode).toBe(403);
    expect((await as(admin, 'DELETE', `/api/users/${target.id}/delete_mfa`)).statusCode).toBe(403);
    // Any other text is another email, even one that lower-cases the same (the Kelvin sign is 'k'
    // to JavaScript); the same text is no change, and the name is the admin's to edit.
    expect((await as(admin, 'PUT', `/api/users/${target.id}`, { email: target.email.toUpperCase() })).statusCode).toBe(403);
    expect((await as(admin, 'PUT', `/api/users/${target.id}`, { email: target.email.replace(/^./, '\u212A') })).statusCode).toBe(403);
    expect((await as(admin, 'PUT', `/api/users/${target.id}`, { email: target.email, first_name: 'Ann' })).statusCode).toBe(200);
    const [row] = await t.database.query<{ email: string; mfa_enabled_at: Date | null }>(
      'select email, mfa_enabled_at from users where id = $1',
      [target.id],
    );
    expect(row!.email.toLowerCase()).toBe(target.email.toLowerCase());
    expect(row!.mfa_enabled_at).not.toBeNull();
    expect(await outboxTo(t.database.db, 'attacker@evil.example')).toHaveLength(0);
    // Nothing ended the owner's session.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${targetToken}` } })).statusCode).toBe(200);
  });

  it('a global admin changes the email: the owner is told at the old address and every session ends', async () => {
    const changed = await as(n.globalAdmin.email, 'PUT', `/api/users/${target.id}`, { email: 'ann.new@test.example' });
    expect(changed.statusCode).toBe(200);
    const told = await outboxTo(t.database.db, target.email);
    expect(told.map((mail) => mail.kind)).toContain('email_changed');
    expect(told.find((mail) => mail.kind === 'email_changed')!.text).toContain('ann.new@test.example');
    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${targetToken}` } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: messages.revokedToken });
    target.email = 'ann.new@test.example';
  });

  it('a link to set a password, for an account that has one, is a reset only a global admin sends', async () => {
    const school = await createSchool(t.database.db, { conferenceId: n.conferenceA.id });
    const teacher = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id }, { passwordHash: await hashPassword(password) });
    const head = await createUser(t.database.db, { roleType: 'school_admin', schoolId: school.id });
    expect((await as(head.email, 'POST', `/api/users/${teacher.id}/welcome_email`)).statusCode).toBe(403);
    expect((await as(n.conferenceAdminA.email, 'POST', `/api/users/${teacher.id}/welcome_email`)).statusCode).toBe(403);
    const reset = await as(n.globalAdmin.email, 'POST', `/api/users/${teacher.id}/welcome_email`);
    expect(reset.statusCode).toBe(200);
    const mails = await outboxTo(t.database.db, teacher.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['password_reset']);
    expect(mails[0]!.text).toContain('If you did not ask for a new password');
    // With a new address in the same change, the owner hears of both at the old one.
    const moved = await as(n.globalAdmin.email, 'PUT', `/api/users/${teacher.id}`, { email: 'moved@test.example', send_welcome_email: true });
    expect(moved.statusCode).toBe(200);
    expect((await outboxTo(t.database.db, teacher.email)).map((mail) => mail.kind).sort()).toEqual(['email_changed', 'password_reset', 'password_reset']);
    expect((await outboxTo(t.database.db, 'moved@test.example')).map((mail) => mail.kind)).toEqual(['password_reset']);
    // A first password is still anyone's who governs the account to send.
    const newcomer = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id });
    expect((await as(head.email, 'POST', `/api/users/${newcomer.id}/welcome_email`)).statusCode).toBe(200);
  });

  it('nobody changes their own email, password link or second factor through the admin routes (row 6)', async () => {
    const admin = await createUser(t.database.db, { roleType: 'global_admin' }, { mfaEnabledAt: new Date(), mfaSecret: 'JBSWY3DPEHPK3PXP' });
    expect((await as(admin.email, 'DELETE', `/api/users/${admin.id}/delete_mfa`)).statusCode).toBe(403);
    expect((await as(admin.email, 'PUT', `/api/users/${admin.id}`, { email: 'me-too@test.example' })).statusCode).toBe(403);
    expect((await as(admin.email, 'POST', `/api/users/${admin.id}/welcome_email`)).statusCode).toBe(403);
    const [row] = await t.database.query<{ on: Date | null }>('select mfa_enabled_at as on from users where id = $1', [admin.id]);
    expect(row!.on).not.toBeNull();
  });

  it('clearing a second factor ends its sessions and tells the owner', async () => {
    const token = await t.tokenFor(target.email);
    expect((await as(n.globalAdmin.email, 'DELETE', `/api/users/${target.id}/delete_mfa`)).statusCode).toBe(204);
    expect((await outboxTo(t.database.db, target.email)).map((mail) => mail.kind)).toContain('mfa_cleared');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('deleting and bringing back an account that had a password is for a global admin only (a reset by another way)', async () => {
    const teacher = await createUser(t.database.db, { roleType: 'instructor', schoolId: n.schoolA.id }, { passwordHash: await hashPassword(password) });
    expect((await as(n.schoolAdminA.email, 'DELETE', `/api/users/${teacher.id}`)).statusCode).toBe(204);
    const body = { first_name: 'Back', last_name: 'Again', email: teacher.email, phone: null, roles: [{ role_type: 'instructor', organization_id: n.schoolA.id }] };
    const refused = await as(n.schoolAdminA.email, 'POST', '/api/users', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ email: [revivalMessage] });
    expect((await as(n.globalAdmin.email, 'POST', '/api/users', body)).statusCode).toBe(201);
  });

  it('a deleted account brought back does not bring back its old tokens', async () => {
    const teacher = await createUser(t.database.db, { roleType: 'instructor', schoolId: n.schoolA.id });
    const token = await t.tokenFor(teacher.email);
    expect((await as(n.globalAdmin.email, 'DELETE', `/api/users/${teacher.id}`)).statusCode).toBe(204);
    // Deleted, they are missing to everyone, their students and courses alike.
    for (const path of ['', '/students', '/courses']) {
      expect((await as(n.globalAdmin.email, 'GET', `/api/users/${teacher.id}${path}`)).statusCode).toBe(404);
    }
    const again = await as(n.globalAdmin.email, 'POST', '/api/users', {
      first_name: 'Back',
      last_name: 'Again',
      email: teacher.email,
      phone: null,
      roles: [{ role_type: 'instructor', organization_id: n.schoolA.id }],
    });
    expect(again.statusCode).toBe(201);
    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(old.statusCode).toBe(401);
  });
});

/** The sign-in up to the provider's redirect to the callback, not following it: the address an attacker would keep. */
async function callbackAddress(browser: InjectBrowser, email: string, secret: string): Promise<string> {
  const { action } = await openSignInForm(browser);
  let next = await browser.request('POST', action!, { email, password: secret });
  let location = String(next.headers.location);
  while (!new URL(location, 'http://localhost:3000').pathname.startsWith('/api/users/auth/callback')) {
    next = await browser.request('GET', location);
    location = new URL(String(next.headers.location), 'http://localhost:3000').toString();
  }
  return location;
}

describe('sessions end when a password changes; sign-in returns to the browser that started it (rows 5 and 7)', () => {
  let t: TestContext;
  let user: { id: number; email: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createInstructorWithPassword(t.database.db, password);
  });
  afterAll(async () => t.close());

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

  it('a callback address opened in another browser signs nobody in; in the browser that started, it does', async () => {
    const attacker = new InjectBrowser(t.app);
    const address = await callbackAddress(attacker, user.email, password);
    const victim = new InjectBrowser(t.app);
    const planted = await victim.request('GET', address);
    expect(planted.statusCode).toBe(302);
    expect(String(planted.headers.location)).toContain('/login?message=');
    expect(decodeURIComponent(String(planted.headers.location).replace(/\+/g, ' '))).toContain('started in another browser');
    expect(victim.cookies.get('user_token')).toBeUndefined();
    // The copy did not spend the sign-in: the browser that started it still finishes it.
    await attacker.request('GET', address);
    expect(attacker.cookies.get('user_token')).toBeTruthy();
  });

  it('a sign-in held past its password step does not outlive a change of password (found by the attack of issue 24)', async () => {
    const held = new InjectBrowser(t.app);
    const { action } = await openSignInForm(held);
    const posted = await held.request('POST', action!, { email: user.email, password });
    expect(posted.statusCode).toBe(303);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/change_password',
      headers: await t.headersFor(user.email),
      payload: { current_password: password, password: 'a-held-password-9' },
    });
    expect(changed.statusCode).toBe(200);
    await held.follow('GET', String(posted.headers.location));
    expect(held.cookies.get('user_token')).toBeUndefined();
    // Nor did it leave a provider session behind that signs in without the password.
    const again = await held.follow('GET', String((await held.request('POST', '/api/users/auth/auth0')).headers.location));
    expect(again.response.body).toContain('name="password"');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/change_password',
      headers: await t.headersFor(user.email),
      payload: { current_password: 'a-held-password-9', password },
    });
  });

  it('a sign-in whose password was checked before a change gives no token, even if its interaction survived the change', async () => {
    const held = new InjectBrowser(t.app);
    const { action } = await openSignInForm(held);
    const posted = await held.request('POST', action!, { email: user.email, password });
    expect(posted.statusCode).toBe(303);
    // As when the change commits between the password check and the sign-in's result: the
    // generation moved, the provider's records were not deleted.
    await t.database.query('update users set session_generation = session_generation + 1 where id = $1', [user.id]);
    const { location } = await held.follow('GET', String(posted.headers.location));
    expect(decodeURIComponent(location.replace(/\+/g, ' '))).toContain('Your account changed during this sign-in');
    expect(held.cookies.get('user_token')).toBeUndefined();
    // Nor does the provider session it left sign in again under the old generation.
    const again = await held.follow('GET', String((await held.request('POST', '/api/users/auth/auth0')).headers.location));
    expect(held.cookies.get('user_token')).toBeUndefined();
    expect(decodeURIComponent(again.location.replace(/\+/g, ' '))).toContain('Your account changed during this sign-in');
  });

  it('over HTTPS the sign-in cookie is __Host- (no other host can plant one); the provider believes no forwarded host', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://records.example' });
    try {
      const start = await secure.app.inject({ method: 'POST', url: '/api/users/auth/auth0', remoteAddress: '192.0.2.9' });
      const cookie = [start.headers['set-cookie']].flat().find((line) => String(line).includes('srs_sign_in'));
      expect(cookie).toMatch(/^__Host-srs_sign_in=[\w-]{43}; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      // The provider's own cookies are Secure too, whatever proxy the request came through.
      const authorize = await secure.app.inject({ method: 'GET', url: new URL(String(start.headers.location)).pathname + new URL(String(start.headers.location)).search });
      const providerCookies = [authorize.headers['set-cookie']].flat().filter(Boolean).map(String);
      expect(providerCookies.length).toBeGreaterThan(0);
      expect(providerCookies.every((line) => /; secure/i.test(line))).toBe(true);
      expect(String(start.headers.location)).toMatch(/^https:\/\/records\.example\/idp\/auth/);
    } finally {
      await secure.close();
    }
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      for (const app of [t.app, proxied.app]) {
        const discovery = await app.inject({
          method: 'GET',
          url: '/idp/.well-known/openid-configuration',
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        });
        expect(discovery.json().authorization_endpoint).toBe('http://localhost:3000/idp/auth');
      }
    } finally {
      await proxied.close();
    }
  });

  it('a provider error comes back as a fixed text, never the provider’s words', async () => {
    const browser = new InjectBrowser(t.app);
    await browser.request('POST', '/api/users/auth/auth0', {});
    const answer = await browser.request('GET', '/api/users/auth/callback?error=access_denied&error_description=Call+555-0100+to+unlock');
    expect(decodeURIComponent(String(answer.headers.location))).not.toContain('555-0100');
    expect(decodeURIComponent(String(answer.headers.location).replace(/\+/g, ' '))).toContain('The sign-in was not completed');
  });

  it('PATCH /change_password ends every other token and the provider session; this one is renewed; the owner is told', async () => {
    const signedIn = await signInThroughProvider(t.app, user.email, password);
    const other = await t.tokenFor(user.email);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/change_password',
      headers: { authorization: `Bearer ${signedIn.token}` },
      payload: { current_password: password, password: 'a-newer-password-2' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = String(changed.headers[renewedTokenHeader]);
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(other)).json()).toEqual({ error: messages.revokedToken });
    expect((await me(String(signedIn.token))).statusCode).toBe(401);
    // The browser's provider session is gone too: signing in asks for the password again.
    const again = await signedIn.browser.follow('GET', String((await signedIn.browser.request('POST', '/api/users/auth/auth0')).headers.location));
    expect(again.location).toContain('/idp/interaction/');
    expect(again.response.body).toContain('name="password"');
    expect((await outboxTo(t.database.db, user.email)).map((mail) => mail.kind)).toContain('password_changed');
  });

  it('/idp/password ends the sessions of the old password, and asks the code when the second factor is on', async () => {
    const token = await t.tokenFor(user.email);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await t.database.query('update users set mfa_secret = $1, mfa_enabled_at = now() where id = $2', [secret, user.id]);
    const post = (form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: user.email, current_password: 'a-newer-password-2', ...form }).toString(),
      });
    const next = { password: 'a-third-password-3', password_confirmation: 'a-third-password-3' };
    const noCode = await post(next);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.body).toContain('Enter the code from your authenticator app');
    expect((await post({ ...next, code: '000000' === totpAt(secret, new Date()) ? '111111' : '000000' })).statusCode).toBe(422);
    const done = await post({ ...next, code: totpAt(secret, new Date(Date.now() + totpStepSeconds * 1000)) });
    expect(done.body).toContain('Your password has been changed');
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe("changing one's own email or second factor asks the password again and ends the other sessions", () => {
  let t: TestContext;
  let user: { id: number; email: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await createInstructorWithPassword(t.database.db, password);
  });
  afterAll(async () => t.close());

  it('a new email needs the current password; the old address is told; the other sessions end', async () => {
    const other = await t.tokenFor(user.email);
    const headers = await t.headersFor(user.email);
    const patch = (body: object) => t.app.inject({ method: 'PATCH', url: '/api/users/update_current', headers, payload: body });
    expect((await patch({ email: 'mine@test.example' })).json()).toEqual({ current_password: [accountMessages.passwordNeeded] });
    expect((await patch({ email: 'mine@test.example', current_password: 'not-my-password' })).json()).toEqual({
      current_password: [accountMessages.passwordWrong],
    });
    const changed = await patch({ email: 'mine@test.example', current_password: password });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers[renewedTokenHeader]).toBeTruthy();
    const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${other}` } });
    expect(old.statusCode).toBe(401);
    expect((await outboxTo(t.database.db, user.email)).map((mail) => mail.kind)).toEqual(['email_changed']);
    user.email = 'mine@test.example';
  });

  it('the old address is warned in the language the owner had, not one chosen in the same request', async () => {
    const headers = await t.headersFor(user.email);
    const was = user.email;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      headers,
      payload: { email: 'mine.again@test.example', current_password: password, language: 'es' },
    });
    expect(changed.statusCode).toBe(200);
    const warning = (await outboxTo(t.database.db, was)).find((mail) => mail.kind === 'email_changed');
    expect(warning?.subject).toMatch(/^The email/);
    user.email = 'mine.again@test.example';
  });

  it('someone who signs in through their organisation cannot change the email it knows them by', async () => {
    const school = await createSchool(t.database.db);
    const outside = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id });
    const answer = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/update_current',
      headers: await t.headersFor(outside.email),
      payload: { email: 'someone-else@test.example' },
    });
    expect(answer.json()).toEqual({ email: [accountMessages.emailManagedElsewhere] });
  });

  it('turning the second factor on needs the password, then ends the other sessions and tells the owner', async () => {
    const other = await t.tokenFor(user.email);
    const headers = await t.headersFor(user.email);
    const setup = await t.app.inject({ method: 'POST', url: '/api/users/current/mfa', headers });
    const secret = setup.json().secret as string;
    const confirm = (body: object) => t.app.inject({ method: 'POST', url: '/api/users/current/mfa/confirm', headers, payload: body });
    expect((await confirm({ code: totpAt(secret, new Date()), current_password: 'not-my-password' })).statusCode).toBe(422);
    const on = await confirm({ code: totpAt(secret, new Date()), current_password: password });
    expect(on.statusCode).toBe(200);
    expect(on.json().recovery_codes[0]).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(on.headers[renewedTokenHeader]).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
    expect((await outboxTo(t.database.db, user.email)).map((mail) => mail.kind)).toContain('mfa_enabled');
    const [row] = await t.database.query<{ mfa_secret: string; mfa_recovery_hashes: string[] }>(
      'select mfa_secret, mfa_recovery_hashes from users where id = $1',
      [user.id],
    );
    expect(row!.mfa_secret).toMatch(/^v1:/);
    expect(row!.mfa_recovery_hashes.every((hash) => /^s1\$[\w-]{22}\$[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});
