import { messages } from '@srs/shared/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestContext, testEnv } from './support/app.ts';
import { InjectBrowser, signInThroughProvider } from './support/browser.ts';

describe('sign-in through the built-in provider', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs a demo user in with PKCE, state and nonce, and returns to /login?logged_in=true', async () => {
    const { token, location } = await signInThroughProvider(t.app, 'instructor@demo.test', 'demo-password');
    expect(location).toContain('/login?logged_in=true');
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ first_name: expect.any(String), admin: false });
    expect(me.json().roles.map((r: { role_type: string }) => r.role_type)).toContain('instructor');
    const payload = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString());
    expect(payload.user).toMatchObject({ id: me.json().id, admin: false });
    expect(payload.user.roles[0]).toHaveProperty('role_type');
    expect(payload.jti).toBeTruthy();
  });

  it('shows the provider sign-in page with Email, Password, Sign in and, on the embedded database, the demo accounts', async () => {
    const browser = new InjectBrowser(t.app);
    const start = await browser.request('POST', '/api/users/auth/auth0', {});
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.pathname).toBe('/idp/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const { response } = await browser.follow('GET', authorize.toString());
    expect(response.statusCode).toBe(200);
    for (const text of ['Email', 'Password', 'Sign in']) expect(response.body).toContain(text);
    // The published demo password only on the embedded database, never on a PostgreSQL start.
    for (const text of ['global.admin@demo.test', 'instructor@demo.test', 'demo-password']) {
      if (t.database.kind === 'pglite') expect(response.body).toContain(text);
      else expect(response.body).not.toContain(text);
    }
    expect(response.body).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('refuses a wrong password on the provider page', async () => {
    const { token, loginPage } = await signInThroughProvider(t.app, 'instructor@demo.test', 'wrong-password');
    expect(token).toBeNull();
    expect(loginPage.statusCode).toBe(401);
    expect(loginPage.body).toContain('Email or password is not correct.');
  });

  it('asks again with only_oauth=true even when the provider session exists', async () => {
    const first = await signInThroughProvider(t.app, 'instructor@demo.test', 'demo-password');
    const again = await first.browser.follow(
      'GET',
      (await first.browser.request('POST', '/api/users/auth/auth0')).headers.location as string,
    );
    expect(again.location).toContain('/login?logged_in=true');
    const url = await t.app.inject({ method: 'GET', url: '/api/users/auth/url?only_oauth=true' });
    expect(url.statusCode).toBe(200);
    expect(new URL(url.json().url).searchParams.get('prompt')).toBe('login');
    const forced = await first.browser.follow('GET', url.json().url);
    expect(forced.location).toContain('/idp/interaction/');
  });

  it('works across two server instances on one database (sessions, grants, keys and revocations shared)', async () => {
    const second = await buildApp({ env: testEnv(), database: t.database, logger: false });
    await second.ready();
    try {
      const browser = new InjectBrowser(t.app);
      const start = await browser.request('POST', '/api/users/auth/auth0', {});
      browser.app = second;
      const { token } = await signInThroughProvider(second, 'instructor@demo.test', 'demo-password', {
        browser,
        startUrl: String(start.headers.location),
      });
      expect(token).toBeTruthy();
      const headers = { authorization: `Bearer ${token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
      await second.inject({ method: 'DELETE', url: '/api/logout', headers });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers })).json().error).toBe(
        messages.revokedToken,
      );
    } finally {
      await second.close();
    }
  });

  it('rejects a callback with an unknown state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/auth/callback?code=abc&state=forged' });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toMatch(/^\/login\?message=/);
  });

  it('logs out: the token is revoked and the provider end-session URL is returned', async () => {
    const { token } = await signInThroughProvider(t.app, 'school.admin@demo.test', 'demo-password');
    const headers = { authorization: `Bearer ${token}` };
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().url).toContain('/idp/session/end');
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(messages.revokedToken);
  });

  it('answers 401 without a token, and Signature has expired for an expired one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    const [key] = await t.database.query<{ value: string }>(
      "select value from server_keys where name = 'app_token_secret'",
    );
    const me = JSON.parse(
      Buffer.from((await t.tokenFor('instructor@demo.test')).split('.')[1] ?? '', 'base64url').toString(),
    );
    const expired = await new SignJWT({ user: me.user })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('student-records-system')
      .setJti('expired-token')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(String(key?.value)));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(messages.signatureExpired);
  });

  it("answers 'nil user' when the token's user no longer exists", async () => {
    const token = await t.tokenFor('conference.admin@demo.test');
    await t.database.exec("update users set active = false where email = 'conference.admin@demo.test'");
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(messages.nilUser);
    await t.database.exec("update users set active = true where email = 'conference.admin@demo.test'");
  });

  it('gives the password reset URL of the built-in provider', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/password_reset_url',
      headers: await t.headersFor('instructor@demo.test'),
    });
    expect(response.json().reset_url).toBe('http://localhost:3000/idp/password');
  });

  it("words the change-password problems as 'Field name message' pieces, and changes nothing", async () => {
    const change = async (body: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/change_password', headers: await t.headersFor('instructor@demo.test'), payload: body });
    const empty = await change({ current_password: '', password: 'short' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ current_password: [messages.fieldRequired] });
    const short = await change({ current_password: 'demo-password', password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ password: ['is too short (at least 12 characters)'] });
    expect((await signInThroughProvider(t.app, 'instructor@demo.test', 'demo-password')).token).toBeTruthy();
  });

  it('serves the public configuration with the support address, and the demo accounts on the embedded database only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    const embedded = t.database.kind === 'pglite';
    expect(response.json()).toMatchObject({ demo_password: embedded ? 'demo-password' : null, features: { interest_tracking: false } });
    expect(response.json().demo_accounts).toHaveLength(embedded ? 4 : 0);
  });
});
