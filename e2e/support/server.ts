import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Builds the product, starts it on a fresh embedded database with demo data, and waits until it answers. */
export default async function setup(project: TestProject) {
  // While writing a journey: run it against a server you already started (never in CI).
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    return () => {};
  }
  // Vitest sets NODE_ENV=test, which would give Vite a development build (React's development
  // bundle, not minified): the journeys run on what users get, and the size budget measures it.
  const buildEnv = { ...process.env, NODE_ENV: 'production' };
  for (const workspace of ['@srs/web', '@srs/server']) {
    const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, env: buildEnv, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`build of ${workspace} failed`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'srs-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '1000',
      // One account runs many people's journeys one after another: its minute holds more exports,
      // labels, searches and imports than a person's.
      RATE_LIMIT_SEARCH: '10000',
      RATE_LIMIT_EXPORTS: '1000',
      RATE_LIMIT_LABELS: '1000',
      RATE_LIMIT_IMPORTS: '1000',
      // The product whole: the interest pages are swept and used like every other page.
      FEATURE_INTEREST_TRACKING: 'true',
      // The morning mail of reminders leaves as the server starts, whatever the hour of the run:
      // the daily-work journey reads it in the development mailbox.
      REMINDER_MAIL_TIME: '00:00',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/config`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
