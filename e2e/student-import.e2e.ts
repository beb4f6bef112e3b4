import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Student, StudentListResponse } from '@srs/shared/students';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.ts';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, choose, demo, letterTag } from './support/records.ts';

/*
 * Issue 27: an admin brings a school's spreadsheet of 200 students in: 191 new, five who are
 * already here (same email), one repeated, three refused (a zip code too long, an email that is
 * none, a course the school does not offer); one match gets its course added, the others are
 * skipped; the students are there afterwards, and the dashboard's follow-up counts them.
 */

const screenshot = (page: Page, name: string, viewport: ViewportName) =>
  page.screenshot({ path: path.resolve(import.meta.dirname, `../test-results/${name}-${viewport}.png`), fullPage: true });

const headings = 'First name,Last name,Address,City,State,Zip,Country,E-mail,Course,Started,Last lesson sent,Facebook page';
const line = (first: string, last: string, email: string, zip = '48911', course: string = demo.course) =>
  `${first},${last},12 Elm Street,Lansing,MI,${zip},United States,${email},${course},2026-01-05,2,fb.com/${first}`;

/** 'Aab', 'Aac', …: a first name of letters for each of many rows. */
const nameOf = (index: number) => `A${'abcdefghijklmnopqrstuvwxyz'[Math.floor(index / 26) % 26]}${'abcdefghijklmnopqrstuvwxyz'[index % 26]}`;

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The CSV's rows (no cell holds a comma) as the first sheet of a workbook. */
async function workbookOf(csv: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  for (const row of csv.split('\n')) sheet.addRow(row.split(','));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The page reaches no further right than the window: nothing scrolls sideways but inside its own box. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(['desktop', 'phone'] as ViewportName[])('student import (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a spreadsheet previewed, the matches chosen for, imported', () =>
    journey(browser, viewport, 'student-import', async (page) => {
      // A conference admin picks the school; a school admin of one school is not asked.
      const admin = viewport === 'desktop' ? 'conference.admin@demo.test' : 'school.admin@demo.test';
      await signIn(page, admin);
      const t = letterTag();
      const last = `Import${t}`;
      const { schools } = await call<{ schools: { id: number; school_code: string }[] }>(page, 'GET', '/api/schools/simple_list');
      const school = schools.find((s) => s.school_code === demo.schoolCode)!;
      // Five students already here, found again by their email.
      const here: Student[] = [];
      const known = ['Ruth', 'Boaz', 'Naomi', 'Orpah', 'Jesse'];
      for (const name of known) {
        here.push(
          await call<Student>(page, 'POST', '/api/students', {
            first_name: name,
            last_name: last,
            address: '12 Elm Street',
            city: 'Lansing',
            state: 'MI',
            zip_code: '48911',
            country: 'United States',
            email: `${name.toLowerCase()}.${t}@example.test`,
            school_id: school.id,
          }),
        );
      }
      const news = Array.from({ length: 191 }, (_, index) => nameOf(index));
      const csv = [
        headings,
        ...news.map((first) => line(first, last, `${first.toLowerCase()}.${t}@example.test`)),
        ...known.map((name) => line(name, last, `${name.toLowerCase()}.${t}@example.test`)),
        line(news[0]!, last, `${news[0]!.toLowerCase()}.${t}@example.test`),
        // A zip code longer than the form allows, an email that is none, a course the school does not offer.
        line('Zed', last, `zed.${t}@example.test`, '48911-0000-0000-0000-00'),
        line('Yul', last, 'yul-at-example'),
        line('Xia', last, `xia.${t}@example.test`, '48911', 'No Such Course'),
      ].join('\n');
      const followups = async () =>
        (
          await call<StudentListResponse>(
            page,
            'GET',
            `/api/students?per_page=1&enrollments_needing_followup_eq=true&full_name_i_cont_all[]=${last}`,
          )
        ).pagination.total_count;
      expect(await followups()).toBe(0);

      // From the students list's actions.
      await page.goto('/students');
      // A button on a desk, an icon button named the same on a phone.
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.waitForURL(/\/students\/import$/);
      await page.getByRole('heading', { name: 'Import students' }).waitFor();
      if (viewport === 'desktop') await choose(page, page, 'School for rows without one', `(#${demo.schoolCode})`);
      else await page.getByText(`Rows without a school go to (#${demo.schoolCode})`).waitFor();

      // A CSV on a desk, the same rows as an Excel workbook on a phone.
      const upload =
        viewport === 'desktop'
          ? { name: `school-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) }
          : { name: `school-${t}.xlsx`, mimeType: xlsxType, buffer: await workbookOf(csv) };
      await page.locator('input[type="file"]').setInputFiles(upload);
      const totals = page.getByRole('group', { name: 'Totals' });
      await totals.getByRole('button', { name: 'New 191' }).waitFor();
      await totals.getByRole('button', { name: 'Match 5' }).waitFor();
      await totals.getByRole('button', { name: 'Repeated 1' }).waitFor();
      await totals.getByRole('button', { name: 'Refused 3' }).waitFor();
      const rows = page.getByRole('table', { name: 'Rows of the file' });
      await totals.getByRole('button', { name: 'Refused 3' }).click();
      await rows.getByText(/^Zip.*: /).waitFor();
      await rows.getByText(/^Email.*: is not a valid email address/).waitFor();
      await rows.getByText(/^Course.*: no active course is named/).waitFor();
      await totals.getByRole('button', { name: 'Repeated 1' }).click();
      await rows.getByText('The same person as line 2.').waitFor();

      // A column the import does not know, given its meaning: the file is previewed again with it.
      const facebook = page.getByLabel('Facebook page');
      expect(await facebook.inputValue()).toBe('');
      await facebook.selectOption('social_media');
      await page.getByRole('progressbar', { name: 'Previewing the file' }).waitFor({ state: 'detached' });
      await expect.poll(() => facebook.inputValue()).toBe('social_media');
      await totals.getByRole('button', { name: 'New 191' }).waitFor();

      // The refused rows, downloaded to be fixed.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download refused rows' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`school-${t}-refused.csv`);
      const refused = (await readFile(await download.path())).toString('utf8').split('\r\n');
      // From a CSV or a workbook alike, each refused row as the file held it, with its reason.
      expect(refused[0]).toBe(`${headings},Reason`);
      expect(refused[1]).toMatch(new RegExp(`^Zed,${last},12 Elm Street,.*,48911-0000-0000-0000-00,.*,Zip`));
      expect(refused[2]).toMatch(new RegExp(`^Yul,${last},.*,yul-at-example,.*,Email`));
      // A reason that holds quotes is quoted, its quotes doubled.
      expect(refused[3]).toMatch(new RegExp(`^Xia,${last},.*,No Such Course,.*,"Course: no active course is named ""No Such Course""`));
      expect(refused.slice(4)).toEqual(['']);

      // Every match at once, then Ruth's course added to the Ruth found; the others skipped.
      await totals.getByRole('button', { name: 'Match 5' }).click();
      await page.getByLabel('Every match').selectOption('create');
      expect(await page.getByLabel('Line 194: what to do').inputValue()).toBe('create');
      await page.getByLabel('Every match').selectOption('skip');
      expect(await page.getByLabel('Line 194: what to do').inputValue()).toBe('skip');
      await page.getByLabel('Line 193: what to do').selectOption('add_enrollment');
      expect(await overflow(page)).toBe(0);
      await screenshot(page, 'student-import-preview', viewport);
      // The preview with its selects, table and totals, held to the sweep's rules (WCAG 2.1 AA).
      const findings = await seriousViolations(page, 'main');
      expect(findings, describeFindings('/students/import (preview)', findings)).toEqual([]);

      // The apply's progress (issue 27): every value its bar takes, and its answer, which comes as NDJSON lines.
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { progressSeen: seen });
        new MutationObserver(() => {
          document.querySelectorAll('[role="progressbar"]').forEach((bar) => seen.push(`${bar.getAttribute('aria-label')}: ${bar.getAttribute('aria-valuenow')}`));
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
      });
      const streamed = page.waitForResponse((response) => response.url().endsWith('/api/students/import') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Import 191 students' }).click();
      const done = page.getByRole('status').filter({ hasText: 'Import done' });
      await done.getByText(/191 students, 192 enrollments and [\d,]+ lessons were made/).waitFor({ timeout: 60_000 });
      const answer = await streamed;
      expect(answer.headers()['content-type']).toBe('application/x-ndjson');
      const lines = (await answer.text()).trim().split('\n').map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(lines[0]).toHaveProperty('progress');
      expect(lines.at(-1)).toMatchObject({ result: { applied: true, created: { students: 191 } } });
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((value) => /^Importing the students: \d+$/.test(value)), seen.join(', ')).toBe(true);
      expect(await overflow(page)).toBe(0);
      await screenshot(page, 'student-import-done', viewport);

      const found = await call<StudentListResponse>(
        page,
        'GET',
        `/api/students?per_page=500&full_name_i_cont_all[]=${last}`,
      );
      const names = found.students.map((student) => student.first_name).sort();
      expect(names).toEqual([...news, ...known].sort());
      const ruth = found.students.find((student) => student.id === here[0]!.id)!;
      expect(ruth.course_enrollments.map((enrollment) => enrollment.series_name)).toEqual([demo.course]);
      const boaz = found.students.find((student) => student.id === here[1]!.id)!;
      expect(boaz.course_enrollments).toEqual([]);
      const first = found.students.find((student) => student.first_name === news[0])!;
      expect(first.course_enrollments).toHaveLength(1);
      // Started in January, last lesson sent then: each needs follow-up from the first day, the dashboard's count with them.
      expect(await followups()).toBe(192);

      await done.getByRole('link', { name: 'Go to the students list' }).click();
      await page.waitForURL(/\/students$/);
    }));
});
