import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { logOut, navigationLabels } from './support/session.ts';

const expectedNavigation: Record<string, string[]> = {
  'global.admin@demo.test': ['Interest Tracking', 'Reports', 'Training'],
  'conference.admin@demo.test': [
    'Dashboard',
    'Students',
    'Instructors',
    'Courses',
    'Schools',
    'Seminars',
    'Reports',
    'Training',
  ],
  'school.admin@demo.test': [
    'Dashboard',
    'Students',
    'Instructors',
    'Courses',
    'Schools',
    'Seminars',
    'Reports',
    'Training',
  ],
  'instructor@demo.test': ['Dashboard', 'Students', 'Reports', 'Training'],
};

describe.each(['desktop', 'phone'] as ViewportName[])('sign-in and navigation (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it.each(Object.entries(expectedNavigation))(
    '%s signs in, sees exactly that role’s navigation, and logs out',
    async (email, labels) => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await signIn(page, email);
        expect(await page.evaluate(() => localStorage.getItem('tk'))).toMatch(/^ey/);
        expect(await navigationLabels(page, viewport === 'phone')).toEqual(labels);
        await logOut(page, viewport === 'phone');
        expect(await page.evaluate(() => localStorage.getItem('tk'))).toBeNull();
        await page.goto('/students');
        await page.waitForURL((url) => url.pathname === '/login');
      } finally {
        await context.close();
      }
    },
  );

  it('sends an unknown path to /login', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { name: 'Student Records System' }).waitFor();
      await page.getByText('Need an account?').waitFor();
    } finally {
      await context.close();
    }
  });

  it('keeps a protected deep link through sign-in', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/students?studentsQuery=an');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByLabel('Email').fill('instructor@demo.test');
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/students' && url.searchParams.get('studentsQuery') === 'an', {
        timeout: 30_000,
      });
      // A page the role may not open says so (SPEC section 6): the schools are for admins.
      await page.goto('/schools');
      await page.getByRole('heading', { name: 'You are not authorized to access this page' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('starts sign-in by itself with goto_login=true, and asks again for a different account', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/login?goto_login=true');
      await page.getByLabel('Email').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/idp\/interaction\//);
      await page.getByLabel('Email').fill('instructor@demo.test');
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // Signed in at the provider: the plain Sign In goes straight through, the link asks again.
      // Out of the app and to /login in one step: the dashboard, still loading, may go there
      // itself once its session is gone, which would abort a separate page.goto.
      await page.evaluate(() => {
        localStorage.clear();
        location.assign('/login');
      });
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('link', { name: 'Sign in with a different account' }).click();
      await page.getByLabel('Email').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/idp\/interaction\//);
    } finally {
      await context.close();
    }
  });

  it('shows the sign-in failure message in red', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/login?message=There%20is%20no%20account%20for%20you.');
      const message = page.getByText('There is no account for you.');
      await message.waitFor();
      const colour = await message.evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(100);
      expect(b).toBeLessThan(100);
    } finally {
      await context.close();
    }
  });
});
