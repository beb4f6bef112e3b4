import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.ts';
import { createTokenService } from '../../src/auth/tokens.ts';
import type { Database } from '../../src/db/client.ts';
import { loadEnv } from '../../src/env.ts';
import type { App } from '../../src/types.ts';
import { openTestDatabase } from './database.ts';

export type TestContext = {
  app: App;
  database: Database;
  /** A bearer token for the user with this email, as a real sign-in would give. */
  tokenFor: (email: string) => Promise<string>;
  headersFor: (email: string) => Promise<{ authorization: string }>;
  /**
   * Requests the app has begun and not yet answered, counted to the last onSend hook (the claim
   * of an Idempotency-Key settled): a request whose client went away still runs to there.
   */
  inFlight?: () => number;
  /** The status the app last answered with as it sent it (the client may have gone by then), forgotten once read. */
  takeLastStatus?: () => number | undefined;
  close: () => Promise<void>;
};

/**
 * A test sends a person's minute of exports, labels or searches in a second: the per-user limits
 * (plugins/user-limits.ts) are out of its way unless it sets them (user-limits.test.ts does).
 */
const userLimitsOutOfTheWay = {
  RATE_LIMIT_SEARCH: '100000',
  RATE_LIMIT_EXPORTS: '100000',
  RATE_LIMIT_LABELS: '100000',
  RATE_LIMIT_IMPORTS: '100000',
};

export const testEnv = (overrides: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', ...userLimitsOutOfTheWay, ...overrides });

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestContext> {
  return testContextOn(await openTestDatabase(), overrides);
}

/** The app on a database already migrated and seeded (a drill's own), with its tokens; closing closes both. */
export async function testContextOn(database: Database, overrides: Record<string, string> = {}): Promise<TestContext> {
  const env = testEnv(overrides);
  const app = await buildApp({ env, database, logger: false });
  // Begun, by when. A request Fastify never answers (its client gone before the body was read)
  // never reaches onSend nor onResponse: it counts for two seconds, then is forgotten.
  const running = new Map<object, number>();
  const stillRunning = () => {
    const since = performance.now() - 2000;
    for (const [request, began] of running) if (began < since) running.delete(request);
    return running.size;
  };
  let lastStatus: number | undefined;
  app.addHook('onRequest', async (request) => {
    running.set(request, performance.now());
  });
  // Added after every plugin's own: it runs after them.
  app.addHook('onSend', async (request, reply, payload) => {
    running.delete(request);
    lastStatus = reply.statusCode;
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    running.delete(request);
  });
  await app.ready();
  const tokens = await createTokenService(database.db, env);
  const tokenFor = async (email: string) => {
    const result = await database.query<{ id: number }>('select id from users where lower(email) = lower($1)', [email]);
    const id = result[0]?.id;
    if (!id) throw new Error(`No user ${email}`);
    const issued = await tokens.issueFor(id);
    if (!issued) throw new Error(`User ${email} is inactive`);
    return issued.token;
  };
  return {
    app,
    database,
    tokenFor,
    inFlight: stillRunning,
    takeLastStatus: () => {
      const status = lastStatus;
      lastStatus = undefined;
      return status;
    },
    headersFor: async (email) => ({ authorization: `Bearer ${await tokenFor(email)}` }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export { sql };
