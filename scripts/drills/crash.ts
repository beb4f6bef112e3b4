// `npm run drill:crash [-- --kills N --seed S --clients C --until HH:MM --retry-every R --full-every F]`
// (issue 26): the production server on PostgreSQL (database drill_crash, port 4611, SMTP sink on
// 4612) killed with SIGKILL N times at seeded random moments while clients write; after each restart
// nothing acknowledged may be missing and nothing half-written may exist
// (apps/server/test/support/drills/crash-drill.ts).
// --until stops starting new rounds at that UTC time; --bundle starts another build of the server;
// --retry-every sends the unanswered writes again every R rounds (default 20); --full-every reads
// every journey and recounts every kept count every F rounds (default 25; between them a round
// checks what it wrote). Exits 1 when a write was lost or a count disagrees.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeFigures } from '../../apps/server/test/support/drills/crash-figures.ts';
import { runCrashDrill } from '../../apps/server/test/support/drills/crash-drill.ts';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    clients: { type: 'string', default: '4' },
    'retry-every': { type: 'string', default: '20' },
    'full-every': { type: 'string', default: '25' },
    until: { type: 'string' },
    /** A server bundle to start instead of a copy of apps/server/dist (a build of work in progress). */
    bundle: { type: 'string' },
  },
});

const dist = path.join(root, 'apps/server/dist');
if (!values.bundle && !existsSync(path.join(dist, 'server.js'))) {
  console.log('Building the product (npm run build)…');
  // Under the end-to-end runs' lock: a run building meanwhile would replace the same folders.
  const command = existsSync('/usr/bin/flock')
    ? ['/usr/bin/flock', path.join(tmpdir(), 'srs-e2e-run.lock'), 'npm', 'run', 'build']
    : ['npm', 'run', 'build'];
  const built = spawnSync(command[0]!, command.slice(1), { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// The drill restarts the server hundreds of times: from a copy of its own, so that a build of the
// shared dist folder (an end-to-end run) never leaves it without a server to start.
const snapshot = path.join(root, 'node_modules/.cache/srs-crash-drill');
if (!values.bundle) {
  rmSync(snapshot, { recursive: true, force: true });
  mkdirSync(snapshot, { recursive: true });
  cpSync(dist, snapshot, { recursive: true });
}

let stopBy: number | undefined;
if (values.until) {
  const [hours, minutes] = values.until.split(':').map(Number);
  const at = new Date();
  at.setUTCHours(hours ?? 0, minutes ?? 0, 0, 0);
  stopBy = at.getTime();
}

const started = Date.now();
const figures = await runCrashDrill({
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/drill_crash',
  port: 4611,
  smtpPort: 4612,
  kills: Number(values.kills),
  seed: Number(values.seed),
  clients: Number(values.clients),
  retryEvery: Number(values['retry-every']),
  fullEvery: Number(values['full-every']),
  bundle: values.bundle ? path.resolve(values.bundle) : path.join(snapshot, 'server.js'),
  ...(stopBy ? { stopBy } : {}),
  log: (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
});
console.log(`\nCrash drill, seed ${values.seed}, ${Math.round((Date.now() - started) / 1000)} s:`);
console.log(describeFigures(figures));
for (const text of figures.problems.slice(0, 50)) console.log(`  - ${text}`);
process.exit(figures.lost + figures.inconsistencies + figures.halfWritten + figures.appliedTwice + figures.unversioned > 0 ? 1 : 0);
