import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { expectToast } from './support/records.ts';

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

/** Downloads the labels of the open dialog; answers the PDF and how many labels it holds. */
async function downloadLabels(page: Page, startAt: number) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: `Label ${startAt}`, exact: true }).click();
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/students/avery_labels'),
    dialog.getByRole('button', { name: 'Download labels' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(download.suggestedFilename()).toMatch(/^avery-labels-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return { pdf, labels: Number((await response.allHeaders())['x-label-count']) };
}

describe.each(['desktop', 'phone'] as ViewportName[])('mailing labels (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('prints Avery 5160 labels of the selection and of the whole list, from a chosen first label', () =>
    journey(browser, viewport, 'avery-labels', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      await page.goto('/students');
      const selectBoxes = page.getByRole('checkbox', { name: /^Select (?!all)/ });
      await selectBoxes.first().waitFor();
      for (const index of [0, 1, 2]) await selectBoxes.nth(index).check();
      await page.getByRole('toolbar', { name: 'Selected students' }).getByRole('button', { name: 'Labels' }).click();

      // Three students from label 29 of a partly used sheet: two on the first sheet, one on a second.
      const selected = await downloadLabels(page, 29);
      expect(selected.labels).toBe(3);
      expect(pageCount(selected.pdf)).toBe(2);
      await expectToast(page, '3 labels printed.');

      // The whole list from label 3: every student who can receive mail, 30 to a sheet.
      await page.getByRole('button', { name: 'Clear selection' }).click();
      await page.getByRole('button', { name: 'Labels' }).first().click();
      const scope = await page.getByRole('dialog').getByText(/^All \d+ students of the current filter$/).innerText();
      const students = Number(/\d+/.exec(scope)?.[0]);
      const all = await downloadLabels(page, 3);
      expect(all.labels).toBeGreaterThan(30);
      expect(pageCount(all.pdf)).toBe(Math.ceil((2 + all.labels) / 30));
      // Students off the mailing list get no label, and the toast says how many. The list is the
      // demo school's, to which other journeys add students at the same time (an import of 191):
      // the toast counts them when the labels are made, so its figures must agree with each other.
      const toast = page.getByText(new RegExp(`^${all.labels} labels (printed\\.|for \\d+ students: \\d+ (is|are) not on the mailing list\\.)$`)).first();
      // It comes once every printed student is marked printed, a few requests at a time: some 500 here.
      await toast.waitFor({ timeout: 90_000 });
      const said = /for (\d+) students: (\d+) (is|are)/.exec(await toast.innerText());
      if (said) {
        const [counted, left] = [Number(said[1]), Number(said[2])];
        expect(counted - all.labels).toBe(left);
        expect(said[3]).toBe(left === 1 ? 'is' : 'are');
        expect(counted).toBeGreaterThanOrEqual(students - 5);
      } else expect(all.labels).toBeGreaterThanOrEqual(students - 5);
    }));
});
