/**
 * Issue 26, the long fuzz run: every route of the OpenAPI document, with requests drawn from its
 * own schema, valid and broken, by every role (apps/server/test/support/fuzz/ draws and judges
 * them; apps/server/test/fuzz-routes.test.ts is the short run in the suite).
 *
 *   npx tsx scripts/drills/fuzz.ts [--per-route N] [--seed S] [--postgres URL] [--only TEXT] [--from KEY] [--cross-check-every K]
 *     [--free-limits-every F]
 *
 * N requests per write route (POST, PUT, PATCH, DELETE; default 10000), a tenth of that per read
 * route. The database is its own: PGlite in a temporary folder, or with --postgres the database
 * `drill_fuzz` on that server, made afresh. --only keeps the routes whose key ('POST /api/students')
 * holds TEXT; --from starts at the route KEY in the run's order (a run stopped early, carried on).
 * Prints per route the requests sent and the statuses, then every finding (a 5xx, a hang, a refusal that wrote) as a request to send again, and where the
 * time went. Exits 1 on a finding.
 *
 * The limits that stop flooding (rate_limits, not judged) are emptied every --free-limits-every
 * requests (default 10), so that a limited route is fuzzed past its limit too and still meets it
 * between: otherwise 95% of the public intake would be answered 429 before its body is read. The
 * locks that stop guessing (sign_in_failures) stay: freed, every wrong password would be hashed,
 * a second or more each on a busy machine.
 *
 * On PostgreSQL a refusal is judged by a change log that triggers fill (support/fuzz/change-log.ts),
 * with the fingerprint of every table taken every K-th request as a cross-check (default 100); on
 * PGlite by the fingerprint alone, which is about ten times slower.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';
import { seedAll } from '../../apps/server/src/seed/seed-all.ts';
import { testContextOn } from '../../apps/server/test/support/app.ts';
import { fuzzRoutes, fuzzWorld, isWrite, requestFor } from '../../apps/server/test/support/fuzz/requests.ts';
import { createSender, describe } from '../../apps/server/test/support/fuzz/send.ts';
import { createMatrixFixture } from '../../apps/server/test/support/matrix-fixture.ts';

const { values: args } = parseArgs({
  options: {
    'per-route': { type: 'string', default: '10000' },
    seed: { type: 'string', default: '26' },
    postgres: { type: 'string' },
    only: { type: 'string' },
    from: { type: 'string' },
    'cross-check-every': { type: 'string', default: '100' },
    'free-limits-every': { type: 'string', default: '10' },
  },
});
const perWrite = Number(args['per-route']);
const perRead = Math.max(1, Math.round(perWrite / 10));
const seed = Number(args.seed);
const freeLimitsEvery = Math.max(1, Number(args['free-limits-every']));

async function openDrillDatabase(): Promise<{ database: Database; cleanup: () => void }> {
  if (args.postgres) {
    const admin = openPostgres(args.postgres, 1);
    await admin.exec('drop database if exists drill_fuzz with (force)');
    await admin.exec('create database drill_fuzz');
    await admin.close();
    const url = new URL(args.postgres);
    url.pathname = '/drill_fuzz';
    return { database: openPostgres(url.toString(), 4), cleanup: () => {} };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'srs-drill-fuzz-'));
  return { database: await openPglite(dir), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const started = Date.now();
const { database, cleanup } = await openDrillDatabase();
await database.migrate();
await seedAll(database);
const t = await testContextOn(database, { RATE_LIMIT_SIGN_IN: '100000', FEATURE_INTEREST_TRACKING: 'true' });
const fixture = await createMatrixFixture(t);
const world = fuzzWorld(fixture);
const sender = await createSender(t, fixture, { crossCheckEvery: Number(args['cross-check-every']) });
const ordered = fuzzRoutes(t.app)
  .filter((route) => !args.only || route.key.includes(args.only))
  // Deletions last: one that works would take away records the later requests name.
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
const start = args.from ? ordered.findIndex((route) => route.key === args.from) : 0;
if (start < 0) throw new Error(`No route ${args.from} to start from`);
const routes = ordered.slice(start);

console.log(
  `Fuzzing ${routes.length} routes on ${database.kind}, seed ${seed}: ${perWrite} requests per write route, ${perRead} per read route.`,
);
const findings: string[] = [];
let total = 0;
const fuzzStarted = Date.now();
const allStatuses = new Map<number, number>();
for (const route of routes) {
  const statuses = new Map<number, number>();
  const routeStarted = Date.now();
  const before = findings.length;
  const numRuns = isWrite(route) ? perWrite : perRead;
  let sent = 0;
  await fc.check(
    fc.asyncProperty(requestFor(route, world), async (request) => {
      if (sent++ % freeLimitsEvery === 0) await database.exec('delete from rate_limits');
      const outcome = await sender.send(request);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      allStatuses.set(outcome.status, (allStatuses.get(outcome.status) ?? 0) + 1);
      if (outcome.finding) {
        findings.push(`${route.key}: ${describe(request, outcome)}`);
        // As it is found, so that a run stopped early still tells.
        console.log(`  FINDING ${findings.at(-1)}`);
      }
      return true;
    }),
    { seed, numRuns },
  );
  total += numRuns;
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  const found = findings.length - before;
  console.log(
    `${route.key.padEnd(58)} ${String(numRuns).padStart(6)} sent in ${((Date.now() - routeStarted) / 1000).toFixed(1)} s  ${counts.join(' ')}${found ? `  FINDINGS ${found}` : ''}`,
  );
}

const seconds = (Date.now() - fuzzStarted) / 1000;
const writes = routes.filter(isWrite).length;
const { stats } = sender;
const byStatus = (pick: (status: number) => boolean) =>
  [...allStatuses].filter(([status]) => pick(status)).reduce((sum, [, count]) => sum + count, 0);
console.log(
  `\n${total} requests over ${routes.length} routes (${writes} write routes × ${perWrite}, ${routes.length - writes} read routes × ${perRead})` +
    ` in ${seconds.toFixed(0)} s, ${(total / seconds).toFixed(1)} requests a second (${((Date.now() - started) / 1000).toFixed(0)} s with the set-up).`,
);
console.log(
  `Statuses: ${[...allStatuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}` +
    ` (0: a stream cut short, no answer); 5xx: ${byStatus((status) => status >= 500)}; no answer within 15 s: ${byStatus((status) => status < 0)}.`,
);
console.log(
  `Judged: ${stats.refusals} refusals; ${stats.fingerprints} fingerprints (${stats.crossChecks} cross-checks of the change log);` +
    ` ${(stats.msAnswering / 1000).toFixed(0)} s answering, ${(stats.msJudging / 1000).toFixed(0)} s judging` +
    ` (of which ${(stats.msFingerprints / 1000).toFixed(0)} s fingerprints, ${(stats.msWaiting / 1000).toFixed(0)} s waiting for streams cut short to end).`,
);
console.log(`${findings.length} findings.`);
for (const finding of findings) console.log(`- ${finding}`);
await t.close();
cleanup();
process.exit(findings.length ? 1 : 0);
