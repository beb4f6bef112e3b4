import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Where a failed journey leaves its screenshot. */
const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseUrl = () => inject('baseUrl');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Debian's Chromium's flags for the journeys (docs/STACK-NOTES.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/**
 * What a journey's browser says of itself: its languages (Accept-Language, navigator.languages);
 * `serviceWorkers: 'allow'` for a journey of the app without a signal (docs/decisions/028, 029).
 * The others run without the app's service worker: installed in each journey's new context, it
 * would download the whole app (some 200 files) beside every journey, and answer the scripts a
 * journey holds back with page.route() from its cache, where the route never sees them.
 */
export type BrowserOptions = { locale?: string; serviceWorkers?: 'allow' | 'block' };

export async function newPage(
  browser: Browser,
  viewport: ViewportName,
  options: BrowserOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[viewport],
    baseURL: baseUrl(),
    ...(options.locale ? { locale: options.locale } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the built-in provider as a person would: Sign In, Email, Password, Sign in. */
export async function signIn(page: Page, email: string, password = 'demo-password', startAt = '/login') {
  await page.goto(startAt);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/idp'), {
    timeout: 30_000,
  });
}

/**
 * Runs one journey in a fresh browser context; when it fails, the page as it was is kept in
 * test-results/ as a PNG, so a failed CI run shows what the user would have seen.
 */
export async function journey(
  browser: Browser,
  viewport: ViewportName,
  name: string,
  steps: (page: Page) => Promise<void>,
  options: BrowserOptions = {},
) {
  const { context, page } = await newPage(browser, viewport, options);
  try {
    await steps(page);
  } catch (error) {
    await keepFailure(page, name, viewport);
    throw error;
  } finally {
    await context.close();
  }
}

/** The page as it was when a test failed, kept as test-results/<name>-<viewport>.png. */
export async function keepFailure(page: Page, name: string, viewport: ViewportName) {
  const file = `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${viewport}.png`;
  await page.screenshot({ path: path.join(resultsDir, file), fullPage: true }).catch(() => {});
}
