import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createWelcomeLink, welcomePath } from '../src/auth/welcome-link.ts';
import { loggedUrl, omitted, withoutSecrets } from '../src/core/request-log.ts';
import type { Database } from '../src/db/client.ts';
import type { App } from '../src/types.ts';
import { createTestApp, type TestContext, testEnv } from './support/app.ts';
import { createUser } from './support/factories.ts';

/**
 * Security issue, row 13: the request log wrote each request's URL with its query, so a staff
 * member's search for a person's name landed in the server log, and a welcome link's path its
 * single-use token. The log now writes the path, the query's parameter names and no value, and no
 * token (core/request-log.ts, the `logger` option of app.ts).
 */

/** A surname nobody else in the test data has: found anywhere in the log, it leaked. */
const searched = 'Quillfeatherby';

let t: TestContext;
let app: App;
let database: Database;
let lines: string[] = [];
let authorization: string;

/**
 * The app as it runs, with its request log (LOG_LEVEL info), on the database of a test app (whose
 * tokens it accepts). Its options take no stream: the log's lines are read by taking the place of
 * the stream of the app's logger, which every request's logger writes through (a child logger
 * finds its stream on its parent).
 */
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
  app = await buildApp({ env: testEnv({ LOG_LEVEL: 'info' }), database });
  await app.ready();
  const stream = Object.getOwnPropertySymbols(app.log).find((symbol) => symbol.description === 'pino.stream');
  if (!stream) throw new Error("The app's logger has no stream to read");
  (app.log as unknown as Record<symbol, unknown>)[stream] = { write: (line: string) => lines.push(line) };
  const admin = await createUser(database.db, { roleType: 'global_admin' });
  authorization = (await t.headersFor(admin.email)).authorization;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const logged = () => lines.join('');

describe('the request log', () => {
  it('writes a name search as its path and parameter names, never the name searched', async () => {
    lines = [];
    const url = `/api/students?full_name_i_cont_all[]=${searched}&full_name_i_cont_all[]=maria&per_page=25`;
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    expect(response.statusCode, response.body).toBe(200);

    const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requests).toEqual([
      expect.objectContaining({
        msg: 'incoming request',
        req: expect.objectContaining({
          method: 'GET',
          url: `/api/students?full_name_i_cont_all[]=${omitted}&full_name_i_cont_all[]=${omitted}&per_page=${omitted}`,
        }),
      }),
    ]);
    expect(logged()).toContain('request completed');
    expect(logged().toLowerCase()).not.toContain(searched.toLowerCase());
    expect(logged()).not.toContain('maria');
  });

  it("writes a welcome link's path without its token", async () => {
    lines = [];
    const user = await createUser(database.db, null);
    const link = await createWelcomeLink(database.db, user.id, 'http://localhost:3000', true);
    const token = link.url.slice(link.url.lastIndexOf('/') + 1);
    const response = await app.inject({ method: 'GET', url: `${welcomePath}/${token}` });
    expect(response.statusCode, response.body).toBe(200);

    expect(logged()).toContain(`"url":"${welcomePath}/${omitted}"`);
    expect(logged()).not.toContain(token);
  });

  it('keeps the query out of a 404 and out of any message that quotes a URL', async () => {
    lines = [];
    const missing = await app.inject({ method: 'GET', url: `/api/nowhere?last_name=${searched}`, headers: { authorization } });
    expect(missing.statusCode).toBe(404);
    // Fastify's own messages name the URL as it came (its default 404, a reply sent twice).
    app.log.info(`Route GET:/api/students?full_name_i_cont_all[]=${searched} not found`);
    app.log.warn(`Reply was already sent, did you forget to "return reply" in the "/api/students?q=${searched}" (GET) route?`);
    app.log.error(new Error(`mail: could not send http://localhost:3000${welcomePath}/secret-token-value`));

    expect(logged()).toContain(`/api/nowhere?last_name=${omitted}`);
    expect(logged()).toContain(`/api/students?full_name_i_cont_all[]=${omitted} not found`);
    expect(logged()).toContain(`${welcomePath}/${omitted}`);
    expect(logged()).not.toContain(searched);
    expect(logged()).not.toContain('secret-token-value');
  });

  it("writes a failed query's error without its parameters (a searched name among them)", async () => {
    lines = [];
    const failure = await database.db.execute(sql`select 1 / 0 where ${searched} <> ''`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(searched);
    app.log.error({ err: failure }, 'request failed');
    app.log.error(failure);

    const errors = lines.map((line) => JSON.parse(line));
    expect(errors).toHaveLength(2);
    for (const line of errors) {
      expect(line.err.message).toMatch(/^Failed query: select 1 \/ 0 where \$1 <> ''\nparams: 1 …/);
      expect(line.err.message).toContain('division by zero');
    }
    expect(logged()).not.toContain(searched);
  });
});

describe('loggedUrl', () => {
  it('keeps the path and the names of the parameters, and no value', () => {
    expect(loggedUrl('/api/students')).toBe('/api/students');
    expect(loggedUrl('/api/students?')).toBe('/api/students?');
    expect(loggedUrl('/api/students?full_name_i_cont_all%5B%5D=ann%20lee&sort=last_name&flag')).toBe(
      `/api/students?full_name_i_cont_all%5B%5D=${omitted}&sort=${omitted}&flag`,
    );
    expect(loggedUrl('/api/users/auth/callback?code=abc&state=def')).toBe(`/api/users/auth/callback?code=${omitted}&state=${omitted}`);
  });

  it("takes the token out of the welcome link's path (welcomePath, which core/ may not import)", () => {
    expect(loggedUrl(`${welcomePath}/Zx9-token_value`)).toBe(`${welcomePath}/${omitted}`);
    expect(loggedUrl(`${welcomePath}/Zx9-token_value?next=1`)).toBe(`${welcomePath}/${omitted}?next=${omitted}`);
    expect(loggedUrl('/idp/interaction/abc')).toBe('/idp/interaction/abc');
  });

  it('rewrites a line once: a URL already written without values stays as it is', () => {
    const line = JSON.stringify({ req: { url: loggedUrl(`/api/students?full_name_i_cont_all[]=${searched}`) }, msg: 'a?b' });
    expect(withoutSecrets(line)).toBe(line);
  });
});
