// `node bench/lighthouse.mjs`: Lighthouse (mobile, default simulated throttling) on /login signed
// out and on /dashboard signed in as a global admin and as an instructor, against a production
// build. Prints performance, accessibility, FCP, LCP, TBT and the bytes each page transferred.
// Not part of `npm test` or `npm run bench`: Lighthouse is installed only for the measurement.
//   npm run build && npm i --no-save lighthouse && node bench/lighthouse.mjs
// LIGHTHOUSE_BASE_URL=http://localhost:3400 measures a server already running (with demo data);
// LIGHTHOUSE_REPORTS=dir also keeps each page's full report (JSON) there; LIGHTHOUSE_RUNS=5 measures
// each page five times and prints the run of median performance (Lighthouse's own advice: CPU
// times vary with what else the machine does); LIGHTHOUSE_CPU_SLOWDOWN=6 sets the CPU multiplier
// (default 4) for a host faster or slower than the one Lighthouse assumes (column "host CPU").
// LIGHTHOUSE_DATABASE_URL=postgres://…/bench1m starts the server on that database instead of a
// fresh embedded one (the 1M seed, whose dashboard has a network's figures to draw: issue 28).
// Each dashboard is measured twice: the phone's (mobile form factor, Lighthouse's default) and the
// desk's (Lighthouse's desktop settings: a wide screen, a faster network, no CPU slowdown).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const accounts = ['global.admin@demo.test', 'instructor@demo.test'];
const password = 'demo-password';

async function importOrExplain(name) {
  try {
    return await import(name);
  } catch {
    console.error(`${name} is not installed. Install Lighthouse for this measurement only, without saving it:`);
    console.error('  npm i --no-save lighthouse        (at the repository root; it brings puppeteer-core)');
    process.exit(1);
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The production build on a fresh embedded database with the demo accounts, as `npm start` runs it. */
async function startServer() {
  const serverJs = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(serverJs) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'srs-lighthouse-'));
  const baseUrl = `http://localhost:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  const databaseUrl = process.env.LIGHTHOUSE_DATABASE_URL ?? '';
  Object.assign(env, { PUBLIC_URL: baseUrl, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_IN: '1000' });
  const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (const deadline = Date.now() + 150_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (await fetch(`${baseUrl}/api/config`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

/** Signs in through the built-in provider as a person would (e2e/support/browser.ts). */
async function signIn(context, baseUrl, email) {
  const page = await context.newPage();
  // At a phone's width, as a phone user's last visit: the dashboard it lands on remembers its shape
  // (lib/dashboard-tiles.ts) for the frame of the next visit, which Lighthouse then measures.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/idp'), { timeout: 30_000 });
  await page.getByRole('region', { name: 'Students needing follow-up' }).getByRole('link').first().waitFor({ timeout: 60_000 });
  await page.close();
}

/** Forgets the session (the token in localStorage, the provider's cookie) before the next account. */
async function signOut(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await page.close();
}

const ms = (audit) => `${(audit.numericValue / 1000).toFixed(2)} s`;

function summary(name, lhr) {
  const audit = (id) => lhr.audits[id];
  const lcpElement = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  return {
    page: name,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    FCP: ms(audit('first-contentful-paint')),
    LCP: ms(audit('largest-contentful-paint')),
    TBT: `${Math.round(audit('total-blocking-time').numericValue)} ms`,
    CLS: audit('cumulative-layout-shift').numericValue.toFixed(3),
    transferred: `${Math.round(audit('total-byte-weight').numericValue / 1024)} kB`,
    'LCP element': (lcpElement ?? '').slice(0, 40),
    // How fast this machine was: Lighthouse multiplies what it measures by the CPU slowdown, a
    // multiplier meant for a host of benchmark index 1500-2000 (its docs/throttling.md).
    'host CPU': Math.round(lhr.environment.benchmarkIndex),
  };
}

const { default: lighthouse } = await importOrExplain('lighthouse');
const { default: puppeteer } = await importOrExplain('puppeteer-core');
const { default: desktopConfig } = await importOrExplain('lighthouse/core/config/desktop-config.js');
const server = process.env.LIGHTHOUSE_BASE_URL
  ? { baseUrl: process.env.LIGHTHOUSE_BASE_URL.replace(/\/$/, ''), stop: async () => {} }
  : await startServer();
const debuggingPort = await freePort();
const profile = mkdtempSync(path.join(tmpdir(), 'srs-lighthouse-profile-'));
// The default browser context is the one Playwright signs in with: Lighthouse's signed-in pages open there.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--remote-debugging-port=${debuggingPort}`],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}`, defaultViewport: null });
// LIGHTHOUSE_CPU_SLOWDOWN calibrates the CPU multiplier (default 4) to a host outside that range.
const cpuSlowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance', 'accessibility'],
  throttling: { cpuSlowdownMultiplier: cpuSlowdown },
};
const reports = process.env.LIGHTHOUSE_REPORTS;
if (reports) mkdirSync(reports, { recursive: true });

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

/** Lighthouse on the page `newPage` opens, `runs` times; the run of median performance. `desk`: the desktop settings. */
async function measure(name, newPage, url, desk = false) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const page = await newPage();
    const result = desk
      ? await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: flags.onlyCategories }, desktopConfig, page)
      : await lighthouse(url, flags, undefined, page);
    await page.close();
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    results.push(result);
  }
  results.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
  const median = results[Math.floor(results.length / 2)];
  if (reports) writeFileSync(path.join(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`), median.report);
  const scores = results.map((result) => Math.round(result.lhr.categories.performance.score * 100));
  return { ...summary(name, median.lhr), ...(runs > 1 ? { 'all runs': scores.join(' ') } : {}) };
}

const rows = [];
try {
  // Signed out, in a context of its own: nothing of a session can reach it.
  const signedOut = await browser.createBrowserContext();
  rows.push(await measure('/login', () => signedOut.newPage(), `${server.baseUrl}/login`));
  await signedOut.close();
  for (const email of accounts) {
    await signIn(context, server.baseUrl, email);
    // Lighthouse empties the HTTP cache before it loads the page; the session in localStorage stays.
    rows.push(await measure(`/ (dashboard) ${email}`, () => browser.newPage(), `${server.baseUrl}/`));
    rows.push(await measure(`/ (desk dashboard) ${email}`, () => browser.newPage(), `${server.baseUrl}/`, true));
    await signOut(context, server.baseUrl);
  }
} finally {
  await browser.disconnect();
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await server.stop();
}
console.log(`Lighthouse 12 on ${process.env.LIGHTHOUSE_DATABASE_URL ? process.env.LIGHTHOUSE_DATABASE_URL.replace(/\/\/[^@]*@/, '//') : 'a fresh demo database'}:`);
console.log(`mobile form factor, simulated throttling (slow 4G, ${cpuSlowdown}x CPU); the desk dashboard with Lighthouse's desktop settings:`);
console.table(rows);
