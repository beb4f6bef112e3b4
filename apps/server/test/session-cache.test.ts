import { messages } from '@srs/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createSessionCache, type Session } from '../src/auth/session-cache.ts';
import type { Database, NoticeHandlers } from '../src/db/client.ts';
import type { App } from '../src/types.ts';
import { createTestApp, type TestContext, testEnv } from './support/app.ts';
import { createNetwork, type Network } from './support/factories.ts';

/**
 * Sessions are cached per token on every instance (docs/decisions/009); a change of who a user is
 * or what they see, made anywhere, still stops or narrows their very next call on every instance.
 */
describe('the signed-in user cached per token', () => {
  let t: TestContext;
  let net: Network;
  let other: App;
  const call = (app: App, authorization: string, url = '/api/students') =>
    app.inject({ method: 'GET', url, headers: { authorization } });
  /** What another instance answers, as soon as it has heard the database's notice. */
  const answerOf = (authorization: string, url?: string) => async () => (await call(other, authorization, url)).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    net = await createNetwork(t.database.db);
    // A second server on the same database: its own cache and its own notice connection.
    other = await buildApp({ env: testEnv(), database: t.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('stops a token signed out on one instance at its next call on another', async () => {
    const { authorization } = await t.headersFor(net.instructorA.email);
    expect((await call(other, authorization)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: { authorization } })).statusCode).toBe(200);
    await expect.poll(answerOf(authorization), { interval: 5, timeout: 2000 }).toBe(401);
    expect((await call(other, authorization)).json()).toEqual({ error: messages.revokedToken });
  });

  it('stops a user deactivated outside the app (a script, psql) at their next call', async () => {
    const { authorization } = await t.headersFor(net.otherInstructorA.email);
    expect((await call(other, authorization)).statusCode).toBe(200);
    expect((await call(t.app, authorization)).statusCode).toBe(200);
    await t.database.query('update users set active = false where id = $1', [net.otherInstructorA.id]);
    await expect.poll(answerOf(authorization), { interval: 5, timeout: 2000 }).toBe(401);
    await expect.poll(async () => (await call(t.app, authorization)).statusCode, { interval: 5, timeout: 2000 }).toBe(401);
  });

  it('narrows the scope of a user whose role is taken away at their next call', async () => {
    const { authorization } = await t.headersFor(net.schoolAdminA.email);
    const url = `/api/students/${net.studentA.id}`;
    expect((await call(other, authorization, url)).statusCode).toBe(200);
    await t.database.query("update roles set role_type = 'instructor' where user_id = $1", [net.schoolAdminA.id]);
    // An instructor sees only their own and shared students: studentA is neither.
    await expect.poll(answerOf(authorization, url), { interval: 5, timeout: 2000 }).toBe(404);
  });

  it('caches nothing while it cannot hear the notices, and never keeps what a change made stale', async () => {
    let handlers: NoticeHandlers | null = null;
    const database = {
      listen: async (_channel: string, given: NoticeHandlers) => {
        handlers = given;
        return async () => {};
      },
    } as unknown as Database;
    const cache = await createSessionCache(database);
    const session = { user: { id: 1 }, actor: { userId: 1 } } as unknown as Session;
    const notices = handlers as unknown as NoticeHandlers;

    cache.keep('a', session, cache.ticket());
    expect(cache.get('a')).toBeUndefined();

    notices.up();
    cache.keep('a', session, cache.ticket());
    expect(cache.get('a')).toBe(session);

    // A load that began before a change finishes after it: what it read is not kept.
    const ticket = cache.ticket();
    notices.notice();
    expect(cache.get('a')).toBeUndefined();
    cache.keep('b', session, ticket);
    expect(cache.get('b')).toBeUndefined();

    cache.keep('c', session, cache.ticket());
    notices.down();
    expect(cache.get('c')).toBeUndefined();
    await cache.close();
  });
});
