// What the HTTP benchmark runs against, from the environment (every value has a default).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export const config = {
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench1m',
  appPort: number('BENCH_APP_PORT', 3610),
  baselinePort: number('BENCH_BASELINE_PORT', 3611),
  /** The app's JWT_SECRET: the bench signs its tokens with it (32+ characters, env.ts). */
  jwtSecret: process.env.BENCH_JWT_SECRET ?? 'bench-http-secret-not-for-production-0123456789',
  /** The app's pool size (apps/server/src/db/client.ts `openPostgres`): the baseline uses the same. */
  poolSize: 10,
  /** Seconds of each measured autocannon run, and of the warm-up before it. */
  duration: number('BENCH_DURATION', 7),
  warmup: number('BENCH_WARMUP', 2),
  mixedSeconds: number('BENCH_MIXED_SECONDS', 60),
  mixedStaff: number('BENCH_MIXED_STAFF', 200),
  /** Only scenarios whose name contains this text (all when unset). */
  only: process.env.BENCH_ONLY ?? '',
  /** A server build to measure instead of this checkout's (then nothing is built). */
  appEntry: process.env.BENCH_APP_ENTRY ?? null,
  /** The app's LOG_LEVEL: `info` logs every request with its response time, to find stalls. */
  appLogLevel: process.env.BENCH_APP_LOG_LEVEL ?? 'warn',
  resultsFile: path.join(rootDir, 'bench/http/results.json'),
};

export const appUrl = `http://127.0.0.1:${config.appPort}`;
export const baselineUrl = `http://127.0.0.1:${config.baselinePort}`;
