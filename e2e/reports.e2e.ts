import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, choose } from './support/records.ts';

type Report = { rows: { id: number | null; name: string; needing_followup: number; oldest_days: number }[] };
type PeriodReport = { rows: { key: string; name: string; decisions: number; students: number }[]; totals: { decisions: number; students: number } };

describe.each(['desktop', 'phone'] as ViewportName[])('reports (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('finds where follow-up slips: conference, then its schools, then exports what it shows to Excel', () =>
    journey(browser, viewport, 'reports-followup', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      await page.goto('/reports');
      await page.getByRole('heading', { name: 'Follow-up' }).waitFor();
      const conferences = await call<Report>(page, 'GET', '/api/reports/followup?group=conference');
      const slowest = conferences.rows[0]!;
      await page.getByRole('figure', { name: /Conferences/ }).getByText(slowest.name).waitFor();

      // A conference opens its schools; the address keeps the place.
      await page.getByRole('button', { name: slowest.name }).first().click();
      await page.getByText(`Schools of ${slowest.name}`).first().waitFor();
      expect(new URL(page.url()).searchParams.get('group')).toBe('school');
      const schools = await call<Report>(page, 'GET', `/api/reports/followup?group=school&conference_id=${slowest.id}`);
      expect(schools.rows.reduce((sum, row) => sum + row.needing_followup, 0)).toBe(slowest.needing_followup);

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Export Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^followup-by-school-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      // Its title as of today and the conference it is narrowed to, then the header and the rows (issue 25).
      expect(String((sheet.getRow(1).values as unknown[])[1])).toMatch(/^Follow-up by school, as of \d{2}\/\d{2}\/\d{4}$/);
      expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([`Conference: ${slowest.name}`]);
      expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['School', 'Needing follow-up', 'Oldest waiting (days)']);
      const first = schools.rows[0]!;
      expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual([first.name, first.needing_followup, first.oldest_days]);

      // And back up to every conference.
      await page.getByRole('button', { name: 'All conferences' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('group')).toBe('conference');
    }));

  it('answers how many decisions the schools recorded this year, charted, and takes it away as CSV and Excel', () =>
    journey(browser, viewport, 'reports-decisions', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      await page.goto('/reports');
      await choose(page, page, 'Report', 'Decisions');
      await page.getByRole('heading', { name: 'Decisions' }).waitFor();
      await choose(page, page, 'Period', 'This year');
      await choose(page, page, 'Group by', 'School');
      await expect.poll(() => new URL(page.url()).search).toBe('?report=decisions&group=school&period=this-year');
      const year = new Date().getFullYear();
      await page.getByText(`From 01/01/${year} to 12/31/${year}, by the day a decision was recorded.`).waitFor();
      const report = await call<PeriodReport>(page, 'GET', `/api/reports/decisions?group=school&from=${year}-01-01&to=${year}-12-31`);
      const first = report.rows[0]!;
      const chart = page.getByRole('figure', { name: 'Decisions by school: decisions' });
      await chart.getByText(first.name).waitFor();
      await chart.getByText(`Students ${first.students}`).first().waitFor();

      const download = async (button: string) => {
        const [file] = await Promise.all([
          page.waitForEvent('download', { timeout: 60_000 }),
          page.getByRole('button', { name: button }).click(),
        ]);
        return file;
      };
      const csv = await download('Export CSV');
      const period = `${year}-01-01-to-${year}-12-31`;
      expect(csv.suggestedFilename()).toMatch(new RegExp(`^decisions-by-school-${period}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
      expect(lines[0]).toBe('School,Decisions,Students');
      expect(lines.at(-1)).toBe(`Total,${report.totals.decisions},${report.totals.students}`);
      expect(lines).toHaveLength(report.rows.length + 2);

      const xlsx = await download('Export Excel');
      expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^decisions-by-school-${period}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync(await xlsx.path()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      // The file says what it counts (issue 25): its title and period, then the header and the rows.
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([`Decisions by school, 01/01/${year}–12/31/${year}`]);
      expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([first.name, first.decisions, first.students]);
      const last = report.rows.length + 3;
      expect((sheet.getRow(last).values as unknown[]).slice(1)).toEqual(['Total', report.totals.decisions, report.totals.students]);
    }));
});
