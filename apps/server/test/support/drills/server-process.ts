import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { rootDir } from '../../../src/env.ts';

/**
 * The product's server as its own process, for the drills that kill it: the built bundle
 * (`node dist/server.js`, as in production) or the source through tsx (the test suite, which
 * cannot count on a build).
 */
export type ServerProcess = {
  pid: number;
  /** What the server printed so far (stdout and stderr), for a failure's message. */
  output: () => string;
  /** SIGKILL: no shutdown hook runs, as when the machine or the container dies. */
  kill: () => Promise<void>;
};

export type ServerLaunch = {
  /** A built bundle to run with node; unset: apps/server/src/server.ts through tsx. */
  bundle?: string;
  env: Record<string, string>;
  port: number;
};

export function launchServer({ bundle, env, port }: ServerLaunch): ServerProcess {
  const args = bundle ? [bundle] : ['--import', 'tsx', path.join(rootDir, 'apps/server/src/server.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit');
  return {
    pid: child.pid ?? 0,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the server answers GET /api/config; throws with its output if it exits or never answers. */
export async function waitUntilAnswering(server: ServerProcess, baseUrl: string, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/api/config`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    try {
      process.kill(server.pid, 0);
    } catch {
      throw new Error(`The server exited before answering:\n${server.output()}`);
    }
    await sleep(25);
  }
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s:\n${server.output()}`);
}
