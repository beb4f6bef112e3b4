import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
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

const webConfig = 'apps/web/vitest.config.ts';
/**
 * The web test files that replace no module (`vi.mock`) share a worker's modules and jsdom, as the
 * server's files do. A file that replaces a module, or that says it "runs alone in its worker"
 * (it needs modules no other file has used), keeps its worker to itself.
 */
// Every folder below test/, as the web config's own `include` finds them: a file left out of both
// lists would run in both projects.
const webFiles = existsSync(webConfig)
  ? readdirSync('apps/web/test', { recursive: true, encoding: 'utf8' }).filter((file) => /\.test\.tsx?$/.test(file))
  : [];
const runsAlone = (file: string) => /vi\.mock\(|runs alone in its worker/.test(readFileSync(`apps/web/test/${file}`, 'utf8'));
const webAlone = webFiles.filter(runsAlone);
const webSharing = webFiles.filter((file) => !runsAlone(file));
/** A web project of all the web test files but `others`. */
const webProject = (name: string, others: string[], isolate: boolean) => ({
  extends: webConfig,
  test: { name, exclude: [...configDefaults.exclude, ...others.map((file) => `test/${file}`)], isolate },
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
      // The web tests in two: the files that replace a module each alone (isolated), the others
      // sharing their worker's modules and jsdom (docs/performance.md, "CI time on a slow day").
      ...(existsSync(webConfig)
        ? [webProject('web', webSharing, true), webProject('web-shared', webAlone, false)]
        : []),
      serverProject('pglite'),
      // The same server suite on the PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
