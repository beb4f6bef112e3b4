import { mfaMessages } from '@srs/shared/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { Secret } from 'otpauth';
import { matchTotp, totpAt, totpStepSeconds } from '../src/auth/totp.ts';
import { createTestApp, type TestContext } from './support/app.ts';
import { type InjectBrowser, signInThroughProvider } from './support/browser.ts';
import { createSchool, createUser } from './support/factories.ts';

describe('time-based one-time passwords (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1: the key is the ASCII '12345678901234567890'; the last six digits.
  const secret = Secret.fromLatin1('12345678901234567890').base32;
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i seconds the code is %s', (seconds, code) => {
    expect(totpAt(secret, new Date(seconds * 1000))).toBe(code);
  });

  it('takes a code one step early or late, never one already used, nor a word', () => {
    const at = new Date(1_700_000_000_000);
    const before = new Date(at.getTime() - totpStepSeconds * 1000);
    const step = matchTotp(secret, totpAt(secret, before), at, null);
    expect(step).toBe(Math.floor(before.getTime() / 1000 / totpStepSeconds));
    expect(matchTotp(secret, totpAt(secret, before), at, step)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, new Date(at.getTime() - 3 * totpStepSeconds * 1000)), at, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', at, null)).toBeNull();
  });
});

/** Signs in at the built-in provider; when it asks for a code, answers with `code`. */
async function signInWithCode(t: TestContext, email: string, password: string, code?: string) {
  const first = await signInThroughProvider(t.app, email, password);
  if (first.token || code === undefined) return { ...first, codePage: first.loginPage };
  const page = first.loginPage.body;
  const action = /action="([^"]+)"/.exec(page)?.[1];
  const pending = /name="pending" value="([^"]+)"/.exec(page)?.[1];
  if (!action || !pending) throw new Error('No code form');
  const browser: InjectBrowser = first.browser;
  const submitted = await browser.request('POST', action.replace(/&amp;/g, '&'), { pending, code });
  if (submitted.statusCode !== 303) return { browser, token: null, codePage: submitted };
  await browser.follow('GET', String(submitted.headers.location));
  return { browser, token: browser.cookies.get('user_token') ?? null, codePage: submitted };
}

describe('the second factor: turned on from My Account, asked for at sign-in', () => {
  let t: TestContext;
  const password = 'a-long-password-1';
  let email: string;
  let secret = '';
  let recovery: string[] = [];
  const api = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: await t.headersFor(email) });

  beforeAll(async () => {
    t = await createTestApp();
    const school = await createSchool(t.database.db);
    email = (
      await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id }, { passwordHash: await hashPassword(password) })
    ).email;
  });
  afterAll(async () => t.close());

  it('is on once a code from the app confirms the scanned secret; ten recovery codes are shown once', async () => {
    const setup = await api('POST', '/api/users/current/mfa');
    expect(setup.statusCode).toBe(200);
    secret = setup.json().secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.json().otpauth_url).toContain(`secret=${secret}`);
    expect(setup.json().qr_svg).toMatch(/^<svg/);
    // Not on until confirmed: sign-in still takes the password alone.
    expect((await api('GET', '/api/users/current')).json().mfa_enabled).toBe(false);

    const wrong = await api('POST', '/api/users/current/mfa/confirm', {
      code: '000000' === totpAt(secret, new Date()) ? '111111' : '000000',
      current_password: password,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ code: [mfaMessages.wrongCode] });
    const confirmed = await api('POST', '/api/users/current/mfa/confirm', { code: totpAt(secret, new Date()), current_password: password });
    expect(confirmed.statusCode).toBe(200);
    recovery = confirmed.json().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await api('GET', '/api/users/current')).json().mfa_enabled).toBe(true);
    expect((await api('POST', '/api/users/current/mfa')).json()).toEqual([mfaMessages.alreadyOn]);

    // Kept: the secret sealed (auth/secret-box.ts) and the codes' salted hashes; the versions say only that it is on.
    const [row] = await t.database.query<{ mfa_secret: string; mfa_recovery_hashes: string[]; id: number }>(
      'select id, mfa_secret, mfa_recovery_hashes from users where email = $1',
      [email],
    );
    expect(row!.mfa_secret).toMatch(/^v1:/);
    expect(row!.mfa_secret).not.toContain(secret);
    expect(row!.mfa_recovery_hashes.some((hash) => recovery.includes(hash))).toBe(false);
    const versions = await t.database.query<{ object_changes: object }>(
      "select object_changes from versions where item_type = 'User' and item_id = $1",
      [row!.id],
    );
    expect(JSON.stringify(versions)).not.toContain(secret);
    expect(Object.keys(versions.at(-1)!.object_changes)).toContain('mfaEnabledAt');
  });

  it('asks for the code after the password; a wrong one is refused, a code serves once', async () => {
    const asked = await signInWithCode(t, email, password);
    expect(asked.token).toBeNull();
    expect(asked.codePage.body).toContain('Enter your code');
    expect((await signInWithCode(t, email, password, '12345')).codePage.statusCode).toBe(401);
    // The code that confirmed the secret was used then: the app's next one (a step ahead is allowed).
    const code = totpAt(secret, new Date(Date.now() + totpStepSeconds * 1000));
    const signedIn = await signInWithCode(t, email, password, code);
    expect(signedIn.token).toBeTruthy();
    // The same code again (an onlooker's copy) does not sign in.
    const replay = await signInWithCode(t, email, password, code);
    expect(replay.token).toBeNull();
    expect(replay.codePage.body).toContain('That code is not correct');
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const code = recovery[0]!;
    const signedIn = await signInWithCode(t, email, password, code.toUpperCase().replace('-', ''));
    expect(signedIn.token).toBeTruthy();
    expect((await signInWithCode(t, email, password, code)).token).toBeNull();
  });

  it('a forged or other sign-in’s step is refused', async () => {
    const first = await signInThroughProvider(t.app, email, password);
    const action = /action="([^"]+)"/.exec(first.loginPage.body)![1]!;
    const pending = /name="pending" value="([^"]+)"/.exec(first.loginPage.body)![1]!;
    const forged = pending.replace(/^\d+/, '1');
    const answer = await first.browser.request('POST', action, { pending: forged, code: totpAt(secret, new Date()) });
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('This sign-in has expired');
  });

  it('is turned off with a code (a wrong one refused); then the password alone signs in', async () => {
    // One Idempotency-Key for both, as a web form corrected and sent again would: checking the wrong
    // code (a transaction of its own) is not the write, so the refusal frees the key (route fuzzer).
    const keyed = async (code: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/current/mfa', payload: { code }, headers: { ...(await t.headersFor(email)), 'idempotency-key': 'turn-off' } });
    expect((await keyed('nope-nope')).statusCode).toBe(422);
    expect((await keyed(recovery[1]!)).statusCode).toBe(204);
    expect((await api('GET', '/api/users/current')).json().mfa_enabled).toBe(false);
    expect((await signInWithCode(t, email, password)).token).toBeTruthy();
  });

  it('is not offered to someone who signs in through their organisation', async () => {
    const school = await createSchool(t.database.db);
    const outside = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id });
    const answer = await t.app.inject({ method: 'POST', url: '/api/users/current/mfa', headers: await t.headersFor(outside.email) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual([mfaMessages.notBuiltIn]);
  });
});

describe('codes at sign-in are limited per address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SIGN_IN: '3' });
  });
  afterAll(async () => t.close());

  it('answers 429 past RATE_LIMIT_SIGN_IN codes a minute', async () => {
    const school = await createSchool(t.database.db);
    const user = await createUser(t.database.db, { roleType: 'instructor', schoolId: school.id }, {
      passwordHash: await hashPassword('a-long-password-1'),
      mfaSecret: Secret.fromLatin1('12345678901234567890').base32,
      mfaEnabledAt: new Date(),
    });
    const first = await signInThroughProvider(t.app, user.email, 'a-long-password-1');
    const action = /action="([^"]+)"/.exec(first.loginPage.body)![1]!;
    const pending = /name="pending" value="([^"]+)"/.exec(first.loginPage.body)![1]!;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await first.browser.request('POST', action, { pending, code: '000000' })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
