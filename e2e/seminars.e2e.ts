import { readFileSync } from 'node:fs';
import type { Student } from '@srs/shared/students';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, demo, expectToast, field, fillDate, tag } from './support/records.ts';

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

type SeminarStudents = { students: { status: string; student: { id: number } }[] };

async function schoolId(page: Page): Promise<number> {
  const { schools } = await call<{ schools: { id: number; school_code: string }[] }>(page, 'GET', '/api/schools/simple_list');
  const school = schools.find((s) => s.school_code === demo.schoolCode);
  if (!school) throw new Error('school 101 is not visible');
  return school.id;
}

const newStudent = (page: Page, school: number, firstName: string, lastName: string) =>
  call<Student>(page, 'POST', '/api/students', {
    first_name: firstName,
    last_name: lastName,
    address: '12 Elm Street',
    city: 'Lansing',
    state: 'MI',
    zip_code: '48911',
    country: 'United States',
    school_id: school,
  });

describe.each(['desktop', 'phone'] as ViewportName[])('holding a seminar (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('creates a seminar with three presentations, assigns students, takes attendance and prints tickets', () =>
    journey(browser, viewport, 'hold-a-seminar', async (page) => {
      const run = tag();
      await signIn(page, 'school.admin@demo.test');
      const school = await schoolId(page);

      // Quick Add's 'Select a school' leads to the new seminar with the hosting school chosen: the
      // admin of one school is not asked to pick it.
      await page.getByRole('button', { name: 'Quick Add' }).click();
      await page.getByRole('button', { name: 'Select a school' }).click();
      await page.waitForURL(`**/seminars/new?school_id=${school}`);
      await expect.poll(() => field(page, 'School').inputValue()).toMatch(/101/);
      await field(page, 'Name').fill(`Hope Seminar ${run}`);
      await field(page, 'Location').fill('Fellowship hall');
      await page.getByRole('button', { name: 'Create seminar' }).click();
      await page.waitForURL(/\/seminars\/\d+\/details$/);
      const seminarId = Number(/\/seminars\/(\d+)\//.exec(page.url())?.[1]);
      await page.getByRole('heading', { name: `Hope Seminar ${run}` }).waitFor();

      // Three presentations with their dates and times.
      await page.goto(`/seminars/${seminarId}/presentations`);
      for (const n of [1, 2, 3]) {
        await page.getByRole('button', { name: 'Add a presentation' }).click();
        const row = page.getByTestId('presentation-row').nth(n - 1);
        await field(row, `Presentation ${n} name`).fill(`Night ${n}`);
        await fillDate(row, 'Date', `2026-04-0${n}`);
        await field(row, 'Time').fill('19:30');
      }
      await page.getByRole('button', { name: 'Save presentations' }).click();
      await expect.poll(async () => (await call<{ episodes: unknown[] }>(page, 'GET', `/api/series/${seminarId}/episodes`)).episodes.length).toBe(3);

      // Two students of the school, found on the students tab, ticked and assigned at once.
      const ann = await newStudent(page, school, 'Ann', `Seminar${run}`);
      const ben = await newStudent(page, school, 'Ben', `Seminar${run}`);
      await page.goto(`/seminars/${seminarId}/students`);
      await field(page, 'Find a student to assign').fill(`Seminar${run}`);
      for (const student of [ann, ben]) {
        await page.getByRole('checkbox', { name: `Select ${student.first_name} ${student.last_name}` }).check();
      }
      const [assigned] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/series/${seminarId}/assign_students`),
        page.getByRole('button', { name: 'Assign 2 selected' }).click(),
      ]);
      expect(assigned.status()).toBe(200);
      await expectToast(page, `2 students are assigned to Hope Seminar ${run}.`);
      for (const student of [ann, ben]) {
        await page.getByRole('button', { name: `Assign ${student.first_name} ${student.last_name}` }).waitFor({ state: 'detached' });
      }

      // Ann was at the first presentation: her enrollment becomes Attended.
      await page.goto(`/seminars/${seminarId}/attendance`);
      // The tick shows once the grid's optimistic update lands (a moment on a loaded machine).
      const tick = page.getByRole('checkbox', { name: `Ann Seminar${run} attended Night 1` });
      await tick.click();
      await expect.poll(() => tick.isChecked()).toBe(true);
      await expect
        .poll(async () => {
          const { students } = await call<SeminarStudents>(page, 'GET', `/api/series/${seminarId}/students`);
          return students.find((row) => row.student.id === ann.id)?.status;
        })
        .toBe('Attended');
      await page.getByText('Attended', { exact: true }).first().waitFor();

      // Tickets of both, on A4: one page. The PDF is held back a second on its way, as a few hundred
      // tickets take: meanwhile the page says it is being made and the button waits.
      await page.goto(`/seminars/${seminarId}/print-tickets`);
      await page.getByText('A4', { exact: true }).click();
      await page.route((url) => url.pathname === `/api/series/${seminarId}/tickets.pdf`, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      const print = page.getByRole('button', { name: 'Print 2 tickets (1 page)' });
      const [download, response] = await Promise.all([
        page.waitForEvent('download'),
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/series/${seminarId}/tickets.pdf`),
        (async () => {
          await print.click();
          await page.getByRole('status').getByText('Making the PDF of 2 tickets…').waitFor();
          expect(await print.isDisabled()).toBe(true);
        })(),
      ]);
      expect(response.status()).toBe(200);
      const pdf = readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageCount(pdf)).toBe(1);
      expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
      await expectToast(page, '2 tickets saved as a PDF.');
    }));
});
