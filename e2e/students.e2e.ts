import { readFileSync } from 'node:fs';
import type { FollowupListResponse } from '@srs/shared/enrollments';
import { followupReasonWords } from '@srs/shared/followup';
import type { StudentListResponse } from '@srs/shared/students';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { api } from './support/session.ts';

async function aStudentWithEnrollment(page: Page) {
  const { students } = await api<StudentListResponse>(page, '/api/students?per_page=50&sortBy=name');
  const student = students.find((s) => s.course_enrollments.length + s.seminar_enrollments.length > 0);
  if (!student) throw new Error('no student with an enrollment');
  const enrollment = [...student.course_enrollments, ...student.seminar_enrollments][0]!;
  return { student, registrationNumber: enrollment.registration_number };
}

async function search(page: Page, viewport: ViewportName, text: string) {
  if (viewport === 'phone') {
    if (!page.url().includes('/students')) await page.goto('/students');
    const box = page.getByRole('search', { name: 'Student search' }).getByLabel('Search students');
    await box.fill(text);
    await box.press('Enter');
  } else {
    const box = page.getByRole('search', { name: 'Student search' }).getByLabel('Search students');
    await box.fill(text);
    await box.press('Enter');
  }
}

describe.each(['desktop', 'phone'] as ViewportName[])('finding and opening students (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('finds a student by name and opens the student', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'instructor@demo.test');
      const { student } = await aStudentWithEnrollment(page);
      await search(page, viewport, `${student.first_name} ${student.last_name}`);
      await page.waitForURL((url) => url.pathname === '/students');
      const link = page.getByRole('link', { name: new RegExp(`${student.first_name}.*${student.last_name}`) }).first();
      await link.waitFor();
      await link.click();
      await page.waitForURL((url) => url.pathname.startsWith(`/students/${student.id}`));
      await page.getByText(student.last_name).first().waitFor();
      for (const tab of ['Overview', 'Profile', 'Courses', 'Seminars']) {
        await page.getByRole('tab', { name: tab }).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('finds a student by registration number', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'instructor@demo.test');
      const { student, registrationNumber } = await aStudentWithEnrollment(page);
      await search(page, viewport, registrationNumber);
      if (viewport === 'desktop') {
        // Exactly one match opens the profile directly (SPEC section 2).
        await page.waitForURL((url) => url.pathname === `/students/${student.id}/profile`);
      } else {
        await page
          .getByRole('link', { name: new RegExp(student.last_name) })
          .first()
          .waitFor();
      }
      await page.getByText(student.last_name).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the student list with its columns and the empty message', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'school.admin@demo.test', 'demo-password', '/login');
      await page.goto('/students');
      if (viewport === 'desktop') {
        for (const column of ['NAME', 'ENROLLMENTS', 'ADDRESS', 'CREATED', 'INSTRUCTOR', 'SCHOOL']) {
          await page
            .getByRole('columnheader', { name: new RegExp(column, 'i') })
            .first()
            .waitFor();
        }
      }
      await page.goto('/students?studentsQuery=zzqxnobody');
      await page.getByText('No students found.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('exports the filtered list to Excel: the same students, a header row, a date as a date', () =>
    journey(browser, viewport, 'students-excel', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      await page.goto('/students?enrollments_series_type_eq=Seminar');
      const { pagination } = await api<StudentListResponse>(
        page,
        '/api/students?enrollments_series_type_eq=Seminar&per_page=1',
      );
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Export Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('First Name');
      expect(sheet.actualRowCount - 1).toBe(pagination.total_count);
      const created = (sheet.getRow(1).values as string[]).indexOf('Created');
      expect(sheet.getRow(2).getCell(created).value).toBeInstanceOf(Date);
    }));

  it('shows My Dashboard with real data', async () => {
    // The app's scripts are held back below with page.route(), which a service worker answering
    // them from its cache would go around (journeys run without it unless they ask).
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'school.admin@demo.test');
      // The dashboard's page paints its frame before any script (app/shell/dashboard-frame.tsx);
      // opened anew, the app draws the dashboard in its place.
      const html = await (await page.request.get('/')).text();
      expect(html).toMatch(/<div id="root"><div inert>.*My Dashboard/s);
      await page.goto('/');
      await page.getByRole('heading', { name: 'My Dashboard' }).waitFor();
      await page.getByText('Students needing follow-up').first().waitFor();
      await expect.poll(() => page.locator('#root [inert]').count()).toBe(0);
      // Each row says why it is on the list (issue 25): the first row's reason, in the server's words.
      const { enrollments } = await api<FollowupListResponse>(page, '/api/enrollments/needing_followup?page=1&per_page=100');
      const first = enrollments[0];
      if (!first) throw new Error('the demo network has no enrollment needing follow-up');
      const followup = page.getByRole('region', { name: 'Students needing follow-up' });
      await followup.getByText(followupReasonWords(first.followup_reason)).first().waitFor();
      // The demo school has enrollments followed up days ago and listed for a reminder: they say so.
      await followup.getByText(/Reminder due (\d{2}\/\d{2}|today)/).first().waitFor();
      if (viewport === 'desktop') {
        await page.getByRole('heading', { name: 'Instructors' }).waitFor();
      } else {
        await page
          .getByRole('link', { name: /students needing follow-up/ })
          .first()
          .waitFor();
        // Opened again, the frame draws the admin's five tiles, the box of reminders due when some
        // were, and the follow-up list below them before the app's scripts have run
        // (lib/dashboard-tiles.ts): seen here with the app held back.
        await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
        await page.goto('/');
        // Read once the app is held back: before, its reminders could still be on their way and
        // write the box's shape after the test looked (another journey may have made one due).
        const hadReminders = await page.evaluate(() => localStorage.getItem('dashboard_reminders') !== null);
        const frame = page.locator('#root [inert] .mantine-hidden-from-md');
        await expect.poll(() => frame.locator('.mantine-Paper-root:visible').count()).toBe(hadReminders ? 7 : 6);
        if (hadReminders) await frame.getByText('Reminders due').waitFor();
        await frame.getByText('Students needing follow-up').waitFor();
        // The page's first script asked for the follow-up list and wrote how many above it
        // (lib/dashboard-first.ts): the count shows while the app is still on its way.
        await frame.getByText(/^(One course or seminar|\d+ courses and seminars) to follow up/).waitFor();
      }
    } finally {
      await context.close();
    }
  });
});

/** The total a student list shows under it (list-pagination.tsx). */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ records?$/).first().textContent();
  return Number(text?.split(' ')[0]);
}

// The tiles exist only on phones (SPEC section 2, Dashboard mobile).
describe('the phone dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('each tile leads where it says and counts what its list counts; the menu offers the account', async () => {
    await journey(browser, 'phone', 'phone-dashboard-tiles', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const tiles = [
        [/^(\d+) courses: students in courses$/, '/students?enrollments_series_type_eq=Course', 'In a course'],
        [/^(\d+) seminars: students in seminars$/, '/students?enrollments_series_type_eq=Seminar', 'In a seminar'],
        [/^(\d+) students$/, '/students', null],
        [/^(\d+) follow-up: students needing follow-up$/, '/students?enrollments_needing_followup_eq=true', 'Needing follow-up'],
      ] as const;
      for (const [name, path, badge] of tiles) {
        const tile = page.getByRole('link', { name });
        await tile.waitFor();
        const count = Number(name.exec((await tile.getAttribute('aria-label')) ?? '')?.[1]);
        await tile.click();
        await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
        if (badge) await page.getByText(badge, { exact: true }).waitFor();
        await expect.poll(() => listTotal(page), { timeout: 15_000 }).toBe(count);
        await page.goBack();
      }
      // Admins' Instructors tile opens its list here; a row leads to that instructor's students.
      await page.getByRole('button', { name: /^\d+ instructors$/ }).click();
      const row = page.getByRole('region', { name: 'Instructors' }).getByRole('link').first();
      const students = Number(/(\d+) students/.exec((await row.textContent()) ?? '')?.[1]);
      await row.click();
      await page.waitForURL((url) => url.searchParams.has('instructor_id_eq'));
      await expect.poll(() => listTotal(page), { timeout: 15_000 }).toBe(students);

      // On a list the menu opens on its section; the account entries are on the first level.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
      const account = page.getByRole('dialog').getByRole('group', { name: 'Account' });
      await account.getByRole('button', { name: 'Change Password' }).waitFor();
      expect(await account.getByRole('link').allInnerTexts()).toEqual(['My Account', 'Settings']);
      await account.getByRole('link', { name: 'My Account' }).click();
      await page.waitForURL((url) => url.pathname === '/account/my-account');
    });
  });
});
