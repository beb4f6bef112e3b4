import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chromiumArgs, chromiumPath, journey, launch, type ViewportName, viewports } from './support/browser.ts';

/*
 * Issue 30: an installable web app whose shell a service worker keeps (docs/decisions/028). The
 * app opens without a signal after one visit, at any address, and Chromium finds it installable:
 * the check Lighthouse's installable-manifest audit ran (Lighthouse 12 has no PWA category left).
 */

/** Waits until the page is under the service worker (the first visit's worker has taken charge). */
async function underTheWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The console's complaints of the Content Security Policy, kept as they come. */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

describe.each(['desktop', 'phone'] as ViewportName[])('the offline shell (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('opens offline after one visit: the sign-in page, and a deep link', async () => {
    await journey(browser, viewport, 'offline shell', async (page) => {
      const complaints = policyComplaints(page);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Student Records System' }).waitFor();
      await underTheWorker(page);
      // Online, pages still come from the server: the sign-in page written for it (pages/login.html).
      expect(await page.locator('meta[name="srs-after-paint"]').count()).toBe(1);

      await page.context().setOffline(true);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await page.reload();
      // Not Chromium's 'No internet' page: the app's own page (the worker's index.html, which names no
      // landing page's scripts), and the app draws the sign-in page in it.
      expect(page.url()).toMatch(/\/login$/);
      expect(await page.locator('meta[name="srs-after-paint"]').count()).toBe(0);
      await page.getByRole('heading', { name: 'Student Records System' }).waitFor();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

      // An address never opened before: the same page; the app sends a signed-out visit to sign in.
      await page.goto('/students?studentsQuery=an');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

      await page.context().setOffline(false);
      await page.goto('/login');
      expect(await page.locator('meta[name="srs-after-paint"]').count()).toBe(1);
      expect(complaints).toEqual([]);
    }, { serviceWorkers: 'allow' });
  });

  it('is installable: Chromium finds no fault in its manifest, icons or worker', async () => {
    // A browser profile of its own, as Lighthouse runs in: Chromium never offers to install from an
    // incognito context, which is what browser.newContext() opens.
    const profile = mkdtempSync(path.join(tmpdir(), 'srs-e2e-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      baseURL: baseUrl(),
      viewport: viewports[viewport],
      isMobile: viewport === 'phone',
      hasTouch: viewport === 'phone',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const complaints = policyComplaints(page);
      await page.goto('/login');
      await underTheWorker(page);
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const session = await context.newCDPSession(page);
      const { url, errors } = await session.send('Page.getAppManifest');
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(errors).toEqual([]);
      const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      expect(complaints).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
