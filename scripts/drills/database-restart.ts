// The database restarted under load (issue 26): `npm run drill:database-restart`, or
// `npx tsx scripts/drills/database-restart.ts [--restarts 6] [--clients 6]`.
//
// Creates a PostgreSQL cluster of its own on port 5433 (initdb into a temporary folder, as the
// `postgres` OS user), starts the production server on it (apps/server/dist/server.js, built if
// missing; PORT 4621, SEED_DEMO=true) with an SMTP sink on 4622, drives writes and reads from
// concurrent clients, restarts the cluster (`pg_ctl restart`, `-m fast` and `-m immediate` in
// turn) a number of times under load, stops the mail server for a while, then prints: requests
// sent and how each was answered, how long the server took to answer again after each restart,
// acknowledged writes lost, and the deliveries per message. Stops and removes its cluster at the
// end. Exits 1 when a request got another 5xx or no answer, a write was lost, or a message was
// not delivered exactly once.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chownSync, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createTokenService } from '../../apps/server/src/auth/tokens.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { databaseUnreachable } from '../../apps/server/src/db/unreachable.ts';
import { rootDir } from '../../apps/server/src/env.ts';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';

const { values: args } = parseArgs({
  options: { restarts: { type: 'string', default: '6' }, clients: { type: 'string', default: '6' } },
});
const restarts = Number(args.restarts);
const clients = Number(args.clients);
const pgPort = 5433;
const serverPort = 4621;
const smtpPort = 4622;
const baseUrl = `http://127.0.0.1:${serverPort}`;
const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/srs_drill`;
const jwtSecret = randomBytes(32).toString('base64url');
const serverLog = path.join(os.tmpdir(), 'srs-drill-database-restart.log');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---- The cluster of its own -------------------------------------------------------------------

const pgBin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${newest}/bin`;
})();
const asRoot = process.getuid?.() === 0;

/** Runs a command (as the postgres OS user when this is root); resolves when it ends, rejects on failure. */
async function run(command: string, commandArgs: string[], asPostgres = false): Promise<void> {
  const [file, ...rest] = asPostgres && asRoot ? ['runuser', '-u', 'postgres', '--', command, ...commandArgs] : [command, ...commandArgs];
  const child = spawn(file as string, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (${code}):\n${output}`);
}

function createCluster() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srs-drill-pg-'));
  if (asRoot) chownSync(folder, idOf('-u'), idOf('-g'));
  const data = path.join(folder, 'data');
  const options = `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${folder}`;
  const pgCtl = (...rest: string[]) => run(`${pgBin}/pg_ctl`, ['-D', data, '-w', '-t', '120', ...rest], true);
  return {
    folder,
    init: () => run(`${pgBin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-instructions'], true),
    start: () => pgCtl('-l', path.join(folder, 'postgres.log'), '-o', options, 'start'),
    restart: (mode: 'fast' | 'immediate') => pgCtl('-m', mode, '-o', options, 'restart'),
    stop: () => pgCtl('-m', 'fast', 'stop'),
  };
}

/** The postgres OS user's uid or gid, who owns the cluster's folder. */
const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres']).toString().trim());

// ---- The product's server ---------------------------------------------------------------------

async function buildIfMissing() {
  if (existsSync(path.join(rootDir, 'apps/server/dist/server.js'))) return;
  console.log('Building the server (apps/server/dist/server.js is missing)…');
  await run('npm', ['run', 'build', '-w', '@srs/server']);
}

function startServer(): { child: ChildProcess; exited: () => boolean } {
  const log = createWriteStream(serverLog);
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(rootDir, 'apps/server/dist/server.js')], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let gone = false;
  child.on('exit', () => (gone = true));
  return { child, exited: () => gone };
}

async function untilAnswering(timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const ok = await fetch(`${baseUrl}/api/config`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`The server did not answer within ${seconds(timeoutMs)} (its log: ${serverLog})`);
}

// ---- The load ---------------------------------------------------------------------------------

type Outcome = '2xx' | 'unreachable' | 'other 5xx' | '4xx' | 'dropped';
const counts: Record<Outcome, number> = { '2xx': 0, unreachable: 0, 'other 5xx': 0, '4xx': 0, dropped: 0 };
const samples: string[] = [];

async function send(method: string, url: string, token: string, body?: unknown): Promise<{ outcome: Outcome; json: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['idempotency-key'] = randomUUID();
  }
  let outcome: Outcome;
  let json: unknown = null;
  try {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    json = text ? (JSON.parse(text) as unknown) : null;
    const said = (json as { error?: unknown } | null)?.error;
    if (response.status < 300) outcome = '2xx';
    else if (response.status === 503 && said === databaseUnreachable.message && response.headers.get('retry-after')) outcome = 'unreachable';
    else outcome = response.status >= 500 ? 'other 5xx' : '4xx';
    if (outcome === 'other 5xx' || outcome === '4xx') samples.push(`${method} ${url} → ${response.status} ${text.slice(0, 160)}`);
  } catch (error) {
    outcome = 'dropped';
    samples.push(`${method} ${url} → no answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  counts[outcome] += 1;
  return { outcome, json };
}

const tag = randomBytes(3).toString('hex');
const acknowledgedStudents: string[] = [];
const acknowledgedUsers: string[] = [];
let loading = true;

/** A client that creates a student, reads it back, and reads a list page, over and over. */
async function studentClient(client: number, token: string, schoolId: number) {
  for (let n = 0; loading; n++) {
    const lastName = `Drill${tag}c${client}n${n}`;
    const created = await send('POST', '/api/students', token, {
      first_name: 'Ada',
      last_name: lastName,
      address: '12 Chapel Rd',
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      school_id: schoolId,
    });
    if (created.outcome === '2xx') {
      acknowledgedStudents.push(lastName);
      await send('GET', `/api/students/${(created.json as { id: number }).id}`, token);
    }
    await send('GET', '/api/students?page=1&per_page=20', token);
    await sleep(25);
  }
}

/** A client that creates users with their welcome email: the mail each acknowledged one must bring. */
async function userClient(token: string, schoolId: number) {
  for (let n = 0; loading; n++) {
    const email = `drill-${tag}-${n}@drill.test`;
    const created = await send('POST', '/api/users', token, {
      first_name: 'Nina',
      last_name: `Drill ${n}`,
      email,
      roles: [{ role_type: 'instructor', organization_id: schoolId }],
      send_welcome_email: true,
    });
    if (created.outcome === '2xx') acknowledgedUsers.push(email);
    await sleep(300);
  }
}

/** How long after the database was back the server answered a read again (polled every 100 ms). */
async function untilServing(token: string, since: number, gone: () => boolean, timeoutMs = 120_000): Promise<number> {
  while (!gone()) {
    const ok = await fetch(`${baseUrl}/api/students?page=1&per_page=1`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    }).then((r) => r.ok, () => false);
    if (ok) return Date.now() - since;
    if (Date.now() - since > timeoutMs) return Number.NaN;
    await sleep(100);
  }
  return Number.NaN;
}

// ---- The drill --------------------------------------------------------------------------------

async function main() {
  const cluster = createCluster();
  let server: ReturnType<typeof startServer> | null = null;
  let sink: SmtpSink | null = null;
  let clusterStarted = false;
  const cleanUp = async () => {
    loading = false;
    if (server && !server.exited()) {
      server.child.kill('SIGTERM');
      await Promise.race([once(server.child, 'exit'), sleep(20_000)]);
      if (!server.exited()) server.child.kill('SIGKILL');
    }
    await sink?.close();
    if (clusterStarted) await cluster.stop().catch((error: unknown) => console.error(String(error)));
    rmSync(cluster.folder, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
  try {
    await cluster.init();
    await cluster.start();
    clusterStarted = true;
    await run(`${pgBin}/createdb`, ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'srs_drill']);
    await buildIfMissing();
    sink = await startSmtpSink({ port: smtpPort });
    const running = startServer();
    server = running;
    await untilAnswering(180_000);
    console.log(`PostgreSQL ${path.basename(path.dirname(pgBin))} on ${pgPort}, the server on ${serverPort}, the SMTP sink on ${smtpPort}`);

    const setup = openPostgres(databaseUrl, 2);
    const [admin] = await setup.query<{ id: number }>(`select id from users where email = 'global.admin@demo.test'`);
    const [school] = await setup.query<{ id: number }>(
      'select id from schools where active and head_school_admin_id is not null order by id limit 1',
    );
    if (!admin || !school) throw new Error('The demo network is missing (SEED_DEMO=true should have loaded it)');
    const issued = await (await createTokenService(setup.db, { JWT_SECRET: jwtSecret, TOKEN_TTL_MINUTES: 120 })).issueFor(admin.id);
    await setup.close();
    const token = issued?.token as string;

    const load = [
      ...Array.from({ length: clients }, (_, client) => studentClient(client, token, school.id)),
      userClient(token, school.id),
    ];
    const rounds: { mode: string; restartMs: number; backMs: number }[] = [];
    /** What the sink received before it was stopped: deliveries are counted across both of its runs. */
    const receivedBefore: ReceivedMail[] = [];
    let sinkStopped = 0;
    let sinkDownMs = 0;
    const stopSink = async () => {
      receivedBefore.push(...(sink?.received ?? []));
      await sink?.close();
      sink = null;
      return Date.now();
    };
    const startSinkAgain = async () => {
      if (sink) return sinkDownMs;
      sink = await startSmtpSink({ port: smtpPort });
      return Date.now() - sinkStopped;
    };
    await sleep(4_000);
    for (let round = 0; round < restarts; round++) {
      const mode = round % 2 === 0 ? 'fast' : 'immediate';
      // The mail server is down from the second restart to the fourth.
      if (round === 1) sinkStopped = await stopSink();
      if (round === 3) sinkDownMs = await startSinkAgain();
      const started = Date.now();
      await cluster.restart(mode);
      const back = Date.now();
      const backMs = await untilServing(token, back, running.exited);
      rounds.push({ mode, restartMs: back - started, backMs });
      console.log(`restart ${round + 1} (-m ${mode}): the database took ${seconds(back - started)}, the server answered ${backMs} ms after it was back`);
      if (running.exited()) break;
      await sleep(4_000);
    }
    loading = false;
    await Promise.all(load);
    sinkDownMs = await startSinkAgain();

    // Every acknowledged write is there; every welcome email leaves once (retries from 30 s, doubling).
    const check = openPostgres(databaseUrl, 2);
    const found = await check.query<{ last_name: string }>('select last_name from students where last_name = any($1)', [acknowledgedStudents]);
    const foundUsers = await check.query<{ email: string }>('select email from users where email = any($1)', [acknowledgedUsers]);
    const deliveries = () => {
      const perRecipient = new Map<string, number>();
      for (const mail of [...receivedBefore, ...(sink?.received ?? [])]) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      return acknowledgedUsers.map((email) => perRecipient.get(`<${email}>`) ?? 0);
    };
    const mailWaitStarted = Date.now();
    while (!running.exited() && deliveries().some((count) => count === 0) && Date.now() - mailWaitStarted < 8 * 60_000) {
      await sleep(1_000);
    }
    const outbox = await check.query<{ status: string; count: number }>(
      `select status, count(*)::int as count from mail_outbox where "to" like $1 group by status order by status`,
      [`drill-${tag}-%`],
    );
    await check.close();
    const delivered = deliveries();
    const lostStudents = acknowledgedStudents.length - found.length;
    const lostUsers = acknowledgedUsers.length - foundUsers.length;
    const notDelivered = delivered.filter((count) => count === 0).length;
    const deliveredTwice = delivered.filter((count) => count > 1).length;
    const sent = Object.values(counts).reduce((a, b) => a + b, 0);

    console.log('\nFigures');
    console.log(`  clients: ${clients} writing and reading students, 1 creating users with a welcome email`);
    console.log(`  the server process ended during the drill: ${running.exited() ? `yes (its log: ${serverLog})` : 'no'}`);
    console.log(`  requests sent: ${sent}`);
    console.log(`  answered 2xx: ${counts['2xx']}`);
    console.log(`  answered 503 with the sentence: ${counts.unreachable}`);
    console.log(`  answered 4xx: ${counts['4xx']}`);
    console.log(`  other 5xx: ${counts['other 5xx']}`);
    console.log(`  dropped connections or no answer in 30 s: ${counts.dropped}`);
    for (const [index, round] of rounds.entries()) {
      console.log(`  restart ${index + 1} (-m ${round.mode}): database back in ${seconds(round.restartMs)}, server answering ${round.backMs} ms later`);
    }
    console.log(`  acknowledged student writes: ${acknowledgedStudents.length}, lost: ${lostStudents}`);
    console.log(`  acknowledged users (welcome email): ${acknowledgedUsers.length}, lost: ${lostUsers}`);
    console.log(`  mail server down for ${seconds(sinkDownMs)}; welcome emails delivered once: ${delivered.filter((c) => c === 1).length}, twice or more: ${deliveredTwice}, not delivered: ${notDelivered} (waited ${seconds(Date.now() - mailWaitStarted)})`);
    console.log(`  outbox of the drill's messages: ${outbox.map((row) => `${row.status} ${row.count}`).join(', ')}`);
    if (samples.length > 0) console.log(`  first answers that were not 2xx nor the 503:\n    ${samples.slice(0, 10).join('\n    ')}`);
    console.log(`  server log: ${serverLog}`);
    const failed = running.exited() || counts['other 5xx'] + counts.dropped + lostStudents + lostUsers + notDelivered + deliveredTwice > 0;
    console.log(failed ? '\nThe drill FAILED.' : '\nThe drill passed.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await cleanUp();
  }
}

await main();
