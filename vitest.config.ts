import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

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
 * The modules a test file mocks (`vi.mock`), by the path it names; null for a mock whose path is
 * not a plain string, which the file then keeps to itself (webProjects).
 */
const mockedModules = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/vi\.mock\(\s*(?:(['"])([^'"]+)\1)?/g)].map((match) => match[2] ?? null);

/** Mocked alike in every file that mocks them (test/mocks/): such files can share a worker. */
const sharedMocks = new Set(['../src/lib/toasts.ts', '../src/lib/browser.ts']);

/**
 * The web tests in three projects. Files share their worker's modules and jsdom, not reloading
 * them for each file (isolate: false; import and environment were half the time the web tests
 * took), each test cleaning up after itself (test/setup.ts). A mock must neither miss a module an
 * earlier file loaded nor leak into a later file, so: the files that mock nothing share a worker;
 * the files that mock only the toasts and the browser share one where every file has both mocks
 * (test/setup-shared-mocks.ts); a file that mocks anything else runs alone.
 */
function webProjects() {
  if (!existsSync(webConfig)) return [];
  const files = readdirSync('apps/web/test', { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.test\.tsx?$/.test(file),
  );
  const kindOf = (file: string) => {
    const mocked = mockedModules(`apps/web/test/${file}`);
    if (mocked.length === 0) return 'web';
    return mocked.every((module) => module !== null && sharedMocks.has(module)) ? 'web-shared-mocks' : 'web-isolated';
  };
  const kinds = new Map(files.map((file) => [file, kindOf(file)]));
  const project = (name: string, test: object) => ({
    extends: webConfig,
    test: { name, exclude: files.filter((file) => kinds.get(file) !== name).map((file) => `test/${file}`), ...test },
  });
  return [
    project('web', { isolate: false }),
    project('web-shared-mocks', { isolate: false, setupFiles: ['test/setup-shared-mocks.ts'] }),
    project('web-isolated', {}),
  ];
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine, where the
    // tests mostly wait on a database or build one. Two run the suite in about half the time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'] } },
      ...webProjects(),
      serverProject('pglite'),
      // The same server suite on the PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
