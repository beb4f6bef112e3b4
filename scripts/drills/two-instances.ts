// `npm run drill:two-instances [-- <e2e file filter> -t "<name>"]` (issue 26): two production
// servers on one PostgreSQL database behind one round-robin address, and the end-to-end journeys
// run through that address, so that each request lands on either instance. Prints how many
// requests each instance answered and the journeys' result; exits with the journeys' status.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../../bench/http/processes.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { demoPassword } from '../../apps/server/src/seed/demo-accounts.ts';
import { seedAll } from '../../apps/server/src/seed/seed-all.ts';

const root = path.resolve(import.meta.dirname, '../..');
const databaseName = 'drill_two';
const adminUrl = 'postgres://postgres@127.0.0.1:5432';
const databaseUrl = `${adminUrl}/${databaseName}`;
const proxyPort = 4630;
const instancePorts = [4631, 4632];
const publicUrl = `http://localhost:${proxyPort}`;

// One e2e run at a time on this machine (e2e/run.mjs): another run rebuilds the dist folders that
// these servers serve, so the drill holds the same lock from its build to its last journey.
if (!process.env.SRS_E2E_LOCKED && existsSync('/usr/bin/flock')) {
  const locked = spawnSync('/usr/bin/flock', [path.join(tmpdir(), 'srs-e2e-run.lock'), process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SRS_E2E_LOCKED: '1' },
  });
  process.exit(locked.status ?? 1);
}

function psql(command: 'dropdb' | 'createdb', ...args: string[]): void {
  const result = spawnSync(command, ['-h', '127.0.0.1', '-U', 'postgres', ...args, databaseName], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${databaseName} failed`);
}

/** A fresh database with the reference and demo data, the demo accounts on the published password. */
async function freshDatabase(): Promise<void> {
  psql('dropdb', '--if-exists', '--force');
  psql('createdb');
  const database = await openDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '' });
  try {
    await database.migrate();
    await seedAll(database, { demo: true, password: demoPassword });
  } finally {
    await database.close();
  }
}

type Instance = { port: number; child: ChildProcess; requests: number };

/** The production server as e2e/support/server.ts starts it, on PostgreSQL, behind the proxy. */
function startInstance(port: number): Instance {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      // Only the proxy on this machine is believed about the client's address.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '1000',
      FEATURE_INTEREST_TRACKING: 'true',
      REMINDER_MAIL_TIME: '00:00',
      SMTP_URL: '',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { port, child, requests: 0 };
}

async function waitUntilAnswering(instance: Instance): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`the server on ${instance.port} exited with code ${instance.child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}/api/config`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server on ${instance.port} did not start in time`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Each request to the next instance in turn; bodies streamed both ways, Host kept, the client's address added. */
function startProxy(instances: Instance[]) {
  let next = 0;
  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const instance = instances[next++ % instances.length]!;
    instance.requests += 1;
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      {
        host: '127.0.0.1',
        port: instance.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    let clientGone = false;
    upstream.on('error', (error) => {
      if (clientGone) return;
      console.error(`proxy: ${incoming.method} ${incoming.url} to ${instance.port}: ${error.message}`);
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end();
    });
    // A client that goes away mid-request (a page left, a fetch aborted) ends the upstream request too.
    outgoing.on('close', () => {
      if (outgoing.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    incoming.pipe(upstream);
  };
  // localhost is 127.0.0.1 or ::1 depending on the client: the proxy answers on both.
  const listeners = ['127.0.0.1', '::1'].map(
    (host) => new Promise<Server>((resolve) => { const server = createServer(forward).listen(proxyPort, host, () => resolve(server)); }),
  );
  return Promise.all(listeners);
}

/** The journeys, in a child process: this process keeps proxying while they run. */
function runJourneys(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [path.join(root, 'e2e/run.mjs'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: publicUrl, SRS_E2E_LOCKED: '1' },
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function stop(instance: Instance): Promise<void> {
  const { child } = instance;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  await exited;
}

async function main(): Promise<number> {
  // What users get, as e2e/support/server.ts builds it: Vite's production build whatever NODE_ENV says.
  process.env.NODE_ENV = 'production';
  buildIfNeeded();
  await freshDatabase();
  const instances = instancePorts.map(startInstance);
  try {
    await Promise.all(instances.map(waitUntilAnswering));
    const proxy = await startProxy(instances);
    console.log(`Two instances (${instancePorts.join(', ')}) on ${databaseUrl}, round-robin at ${publicUrl}`);
    const status = await runJourneys(process.argv.slice(2));
    for (const server of proxy) server.close();
    for (const instance of instances) console.log(`instance ${instance.port}: ${instance.requests} requests`);
    console.log(`journeys through both instances: ${status === 0 ? 'passed' : `failed (exit ${status})`}`);
    return status;
  } finally {
    await Promise.all(instances.map(stop));
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
