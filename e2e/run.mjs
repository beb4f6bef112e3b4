// `npm run test:e2e`: the end-to-end journeys in Debian's Chromium. Fails when they cannot run
// or when no journey ran, so that a CI run can never pass with the browser tests skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`End-to-end tests need Chromium at ${chromium} (Debian: apt-get install chromium).`);
  process.exit(1);
}
// One run at a time on a machine: each run builds into the shared dist folders that another
// run's server is serving (several people working in one checkout, or two terminals).
if (!process.env.SRS_E2E_LOCKED && existsSync('/usr/bin/flock')) {
  const locked = spawnSync('/usr/bin/flock', [path.join(tmpdir(), 'srs-e2e-run.lock'), process.execPath, ...process.argv.slice(1)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SRS_E2E_LOCKED: '1' },
  });
  process.exit(locked.status ?? 1);
}
const report = path.join(root, 'test-results/e2e.json');
rmSync(report, { force: true });
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
const summary = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
const passed = summary?.numPassedTests ?? 0;
if (!summary || passed === 0 || summary.numPendingTests > 0 || summary.numTodoTests > 0) {
  console.error(`End-to-end tests did not all run: ${passed} passed, ${summary?.numPendingTests ?? '?'} skipped.`);
  process.exit(1);
}
console.log(`${passed} passed, ${summary.numFailedTests} failed`);
