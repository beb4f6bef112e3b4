// The two servers under test, each its own process: the production build of the app and the bare
// baseline. Both are stopped with their process id when the run ends, however it ends.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { appUrl, baselineUrl, config, rootDir } from './config.ts';

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const stale = (output: string, sources: string[]) =>
  !existsSync(output) || sources.some((source) => newest(path.join(rootDir, source)) > statSync(output).mtimeMs);

/** `npm run build` once, when a build is missing or older than its sources (as `npm start` decides). */
export function buildIfNeeded(): void {
  if (config.appEntry) return;
  const web = stale(path.join(rootDir, 'apps/web/dist/index.html'), ['apps/web/src', 'packages/shared/src']);
  const server = stale(path.join(rootDir, 'apps/server/dist/server.js'), ['apps/server/src', 'packages/shared/src']);
  if (!web && !server) return;
  console.log('Building the production app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export type Server = { name: string; url: string; pid: number; stop: () => Promise<void> };

async function waitUntilAnswering(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function start(name: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<Server> {
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const pid = child.pid;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(pid, 'SIGTERM');
      setTimeout(() => child.exitCode === null && child.signalCode === null && process.kill(pid, 'SIGKILL'), 10_000);
    });
  return waitUntilAnswering(readyUrl, child, 120).then(
    () => ({ name, url: readyUrl.replace(/\/api\/.*$|\/ready$/, ''), pid, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

/**
 * The production server exactly as deployed: `node apps/server/dist/server.js`, NODE_ENV=production.
 * A bench with a database of its own (the student import's) passes its URL and a port.
 */
export const startApp = ({ databaseUrl = config.databaseUrl, port = config.appPort } = {}) => {
  const url = port === config.appPort ? appUrl : `http://127.0.0.1:${port}`;
  return start(
    'app',
    // As `npm start` runs it; BENCH_APP_NODE_ARGS adds flags (--trace-gc: its live heap after each collection).
    [
      ...serverNodeFlags(`${process.env.NODE_OPTIONS ?? ''} ${process.env.BENCH_APP_NODE_ARGS ?? ''}`),
      ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      config.appEntry ?? path.join(rootDir, 'apps/server/dist/server.js'),
    ],
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      JWT_SECRET: config.jwtSecret,
      TOKEN_TTL_MINUTES: '240',
      LOG_LEVEL: config.appLogLevel,
      // Ten clients of one user stand for ten staff: each search is still counted against its
      // user's limit (one write to the counters), but one user's 120 a minute refuses none.
      RATE_LIMIT_SEARCH: '100000000',
    },
    `${url}/api/config`,
  );
};

export const startBaseline = () =>
  start(
    'baseline',
    ['--import', 'tsx', path.join(rootDir, 'bench/http/baseline.ts')],
    { NODE_ENV: 'production', DATABASE_URL: config.databaseUrl, PORT: String(config.baselinePort) },
    `${baselineUrl}/ready`,
  );
