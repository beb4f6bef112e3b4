import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.ts';
import { type FuzzRequest, fuzzRoutes, fuzzWorld, isWrite, requestFor } from './support/fuzz/requests.ts';
import { createSender, describe as describeFinding } from './support/fuzz/send.ts';
import { createMatrixFixture, type MatrixFixture } from './support/matrix-fixture.ts';

/**
 * Issue 26: every route of the OpenAPI document, called with requests drawn from its own schema,
 * valid and broken (support/fuzz/), by every role and signed out, over app.inject and some over
 * real HTTP. No answer is a 5xx, and a refused request leaves every table as it was. The seed is
 * fixed: a failure names the route and the request, and runs again the same way.
 * The long run is `npm run drill:fuzz` (scripts/drills/fuzz.ts).
 */

const seed = 26;
const runsPerWrite = 2;
const runsPerRead = 1;

const t = await createTestApp({ RATE_LIMIT_SIGN_IN: '100000', FEATURE_INTEREST_TRACKING: 'true' });
const routes = fuzzRoutes(t.app);
let fixture: MatrixFixture;
let sender: Awaited<ReturnType<typeof createSender>>;
let world: ReturnType<typeof fuzzWorld>;

beforeAll(async () => {
  fixture = await createMatrixFixture(t);
  world = fuzzWorld(fixture);
  sender = await createSender(t, fixture);
});
afterAll(() => t.close());

describe('the fuzzer', () => {
  // An app that fails as a faulty route would: the judge must tell, and name the request.
  const faulty = (status: number, write: boolean) =>
    ({
      ...t,
      app: {
        inject: async () => {
          if (write) await t.database.query(`insert into conferences (name) values ('Fuzz judge')`);
          return { statusCode: status };
        },
      },
    }) as unknown as TestContext;
  const request: FuzzRequest = { role: 'global_admin', method: 'POST', url: '/api/schools', body: '{}', what: 'valid body' };

  it('reports an answer of 5xx', async () => {
    const judge = await createSender(faulty(500, false), fixture);
    const outcome = await judge.send(request);
    expect(describeFinding(request, outcome)).toBe(
      'answered 500: global_admin POST /api/schools body "{}" [valid body]',
    );
  });

  it('reports a refusal that wrote, naming the table, and not a write that was done', async () => {
    const judge = await createSender(faulty(422, true), fixture);
    try {
      // PostgreSQL's change log says "conferences 1 row added", PGlite's fingerprint "conferences 12:… → 13:…".
      expect((await judge.send(request)).finding).toMatch(/^refused with 422 but wrote: conferences \d/);
      const done = await createSender(faulty(201, true), fixture);
      expect(await done.send(request)).toEqual({ status: 201, finding: null });
    } finally {
      await t.database.query(`delete from conferences where name = 'Fuzz judge'`);
    }
  });
});

describe.runIf(t.database.kind === 'postgres')('the change log (PostgreSQL)', () => {
  const request: FuzzRequest = { role: 'global_admin', method: 'POST', url: '/api/schools', body: '{}', what: 'valid body' };
  const refusingWriter = {
    ...t,
    app: {
      inject: async () => {
        await t.database.query(`insert into conferences (name) values ('Fuzz judge')`);
        return { statusCode: 422 };
      },
    },
  } as unknown as TestContext;

  it('blames a write noted after a refusal was answered on that refusal, when the next request begins', async () => {
    let later: Promise<unknown> = Promise.resolve();
    const lateWriter = {
      ...t,
      app: {
        inject: async () => {
          later = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
            t.database.query(`insert into conferences (name) values ('Fuzz judge')`),
          );
          return { statusCode: 422 };
        },
      },
    } as unknown as TestContext;
    const judge = await createSender(lateWriter, fixture);
    try {
      expect(await judge.send(request)).toEqual({ status: 422, finding: null });
      await later;
      const next: FuzzRequest = { ...request, url: '/api/schools?next' };
      const outcome = await judge.send(next);
      expect(outcome.finding).toBe('refused with 422 but wrote after its answer: conferences 1 row added');
      expect(describeFinding(next, outcome)).toContain('POST /api/schools body');
    } finally {
      await later;
      await t.database.query(`delete from conferences where name = 'Fuzz judge'`);
    }
  });

  it('sends a body over HTTP with its length, and judges by the answer of the app once it has ended', async () => {
    // Node sends a DELETE's body with neither a length nor chunks: the server read a request
    // without a body (claimed its key, answered 404, freed the key) after Node itself had answered
    // the bytes that followed with a 400, and the judge blamed the key's claim on that 400.
    const judge = await createSender(t, fixture);
    const sent: FuzzRequest = {
      role: 'global_admin',
      method: 'DELETE',
      url: '/api/series_offered/2147483647',
      contentType: 'multipart/form-data; boundary=fuzzBoundary',
      body: '--fuzzBoundary--\r\n',
      idempotencyKey: 'fuzz-judge-framing',
      http: 'whole',
      what: 'multipart where JSON is expected',
    };
    expect(await judge.send(sent)).toEqual({ status: 404, finding: null });
    expect(await judge.send({ ...sent, url: '/api/series_offered/2147483646' })).toEqual({ status: 404, finding: null });
    expect(t.inFlight?.()).toBe(0);
  });

  it('is checked against the fingerprint: a write it missed is reported', async () => {
    const judge = await createSender(refusingWriter, fixture, { crossCheckEvery: 1 });
    await t.database.exec('drop trigger fuzz_watch_insert on conferences');
    try {
      expect((await judge.send(request)).finding).toMatch(/^refused with 422 but wrote: conferences \d+:.*\(not in the change log\)$/);
    } finally {
      await t.database.query(`delete from conferences where name = 'Fuzz judge'`);
      await createSender(t, fixture); // its triggers again
    }
  });
});

describe('fuzzing every route', () => {
  it('reads the routes from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(100);
  });

  // Deletions last: one that works would take away records the later cases name.
  const ordered = [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  for (const route of ordered) {
    it(`${route.key}: no 5xx, and a refusal writes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route, world), async (request) => {
          const outcome = await sender.send(request);
          if (outcome.finding) throw new Error(describeFinding(request, outcome));
        }),
        { seed, numRuns: isWrite(route) ? runsPerWrite : runsPerRead, endOnFailure: true },
      );
    });
  }
});
