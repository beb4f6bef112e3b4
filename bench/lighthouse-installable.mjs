// `node bench/lighthouse-installable.mjs http://localhost:3000/login`: Lighthouse's installability
// audits (issue 30) on a running production server. Lighthouse 12 dropped its PWA category, so this
// runs the last release that has them, installed outside the project for the measurement only:
//   mkdir -p /tmp/lh11 && (cd /tmp/lh11 && npm init -y && npm i lighthouse@11)
//   LIGHTHOUSE11=/tmp/lh11 node bench/lighthouse-installable.mjs http://localhost:3000/login
// The end-to-end journey e2e/offline-shell.e2e.ts makes the same check through Chromium's
// Page.getInstallabilityErrors, which is what the audit reads.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const url = process.argv[2] ?? 'http://localhost:3000/login';
const home = process.env.LIGHTHOUSE11 ?? '/tmp/lh11';
const report = path.join(tmpdir(), `lighthouse-installable-${process.pid}.json`);
const audits = ['installable-manifest', 'maskable-icon', 'themed-omnibox', 'splash-screen'];
const run = spawnSync(
  path.join(home, 'node_modules/.bin/lighthouse'),
  [
    url,
    `--only-audits=${audits.join(',')}`,
    '--output=json',
    `--output-path=${report}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu',
    '--quiet',
  ],
  { stdio: 'inherit', env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
);
if (run.status !== 0) {
  console.error(`Lighthouse 11 did not run: install it in ${home} (see the top of this file).`);
  process.exit(1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
console.log(`Lighthouse ${result.lighthouseVersion} on ${url}`);
let failed = false;
for (const id of audits) {
  const audit = result.audits[id];
  console.log(`${audit.score === 1 ? 'pass' : 'FAIL'}  ${id}: ${audit.title}`);
  if (audit.score !== 1) failed = true;
}
process.exit(failed ? 1 : 0);
