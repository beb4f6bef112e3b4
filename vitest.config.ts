import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { isDatabaseUnreachable } from './apps/server/src/db/unreachable.ts';

const serverProject = (backend: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${backend}`,
    root: 'apps/server',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: { TEST_BACKEND: backend },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    // The server tests mock no module: the files of a fork share their imports (server-pglite
    // 312 → 236 s here, module import 61 → 8 s), each still building its own app and database.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine, where the
    // tests mostly wait on a database or build one. Two run the suite in about half the time.
    maxWorkers: 2,
    // The server's own rule for a rejection nobody awaited (db/unreachable.ts, databaseAwayRejections):
    // pg-boss 10 does not await its bookkeeping after a job, so a test that cuts the database may
    // leave one saying the database is away; the server logs those, and the suite passes them too.
    // Any other unhandled error still fails the run.
    onUnhandledError: (error) => (isDatabaseUnreachable(error) ? false : undefined),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      // The web tests keep each file to itself (isolated). Sharing a worker's modules and jsdom took
      // them from 111 to 48 s, but under load the date input's calendar then sometimes never opened
      // (1 run in 4, docs/performance.md "CI time"; the cause, found later, is fixed in the date input).
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      serverProject('pglite'),
      // The same server suite on the PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
