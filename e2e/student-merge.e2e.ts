import path from 'node:path';
import type { Student } from '@srs/shared/students';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.ts';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, demo, letterTag, studentInCourse } from './support/records.ts';

/*
 * Issue 27: two records of one person found on the duplicates page, merged with a value chosen,
 * and the merge undone from Versions; then an import of two students undone from its version.
 */

const screenshot = (page: Page, name: string, viewport: ViewportName) =>
  page.screenshot({ path: path.resolve(import.meta.dirname, `../test-results/${name}-${viewport}.png`), fullPage: true });

/** Whether the signed-in page may open this student (a merged one is gone: 404). */
async function exists(page: Page, id: number): Promise<boolean> {
  const token = await page.evaluate(() => localStorage.getItem('tk'));
  const response = await page.request.fetch(`/api/students/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return response.ok();
}

type Versions = { versions: { id: number }[] };

describe.each(['desktop', 'phone'] as ViewportName[])('duplicates merged, and imports undone (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a pair merged with a value chosen, the merge undone; an import undone', () =>
    journey(browser, viewport, 'student-merge', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const last = `Merge${letterTag()}`;
      const { student: kept, enrollment } = await studentInCourse(page, 'Ruth', last);
      // The same person typed in again later: same name and zip, another city, a phone.
      const other = await call<Student>(page, 'POST', '/api/students', {
        first_name: 'Ruth',
        last_name: last,
        address: '12 Elm Street',
        city: 'Okemos',
        state: 'MI',
        zip_code: '48911',
        country: 'United States',
        phone: '555-0123',
        school_id: kept.school.id,
      });

      await page.goto('/students');
      await page.getByRole('button', { name: 'Find duplicates', exact: true }).click();
      await page.waitForURL(/\/students\/duplicates$/);
      await page.locator(`a[href="/students/merge?keep=${kept.id}&merge=${other.id}"]`).click();
      await page.getByRole('heading', { name: 'Merge two records' }).waitFor();
      // The newer record's city is chosen at first; the admin keeps the first one's.
      const city = page.getByRole('radiogroup', { name: 'City' });
      expect(await city.getByRole('radio', { name: 'Okemos' }).isChecked()).toBe(true);
      await city.getByRole('radio', { name: 'Lansing' }).check();
      expect(await page.getByRole('radiogroup', { name: 'Phone' }).getByRole('radio', { name: '555-0123' }).isChecked()).toBe(true);
      await screenshot(page, 'student-merge', viewport);
      const findings = await seriousViolations(page, 'main');
      expect(findings, describeFindings('/students/merge', findings)).toEqual([]);
      await page.getByRole('button', { name: 'Merge', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
      await page.waitForURL(new RegExp(`/students/${kept.id}(/|$)`));

      expect(await exists(page, other.id)).toBe(false);
      const merged = await call<Student>(page, 'GET', `/api/students/${kept.id}`);
      expect([merged.city, merged.phone]).toEqual(['Lansing', '555-0123']);
      expect(merged.course_enrollments.map((one) => one.id)).toEqual([enrollment.id]);

      // Undone from Versions, as a deleted student is restored.
      const { versions } = await call<Versions>(page, 'GET', `/api/versions?item_type=Student&item_id=${other.id}&event=destroy`);
      await page.goto(`/versions/${versions[0]!.id}`);
      await page.getByRole('button', { name: 'Restore student' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
      await page.waitForURL(new RegExp(`/students/${other.id}(/|$)`));
      expect(await exists(page, other.id)).toBe(true);
      const back = await call<Student>(page, 'GET', `/api/students/${kept.id}`);
      expect([back.city, back.phone]).toEqual(['Lansing', null]);

      // An import of two students, undone as a whole from its version.
      const file = ['First name,Last name,Address,City,State,Zip,Course', `Abe,${last},1 Oak St,Lansing,MI,48911,${demo.course}`, `Bo,${last},2 Oak St,Lansing,MI,48911,`].join('\n');
      const preview = await call<{ preview_token: string }>(page, 'POST', '/api/students/import', { file, school_id: kept.school.id });
      const applied = await call<{ import_id: number }>(page, 'POST', '/api/students/import', {
        file,
        school_id: kept.school.id,
        confirm: true,
        preview_token: preview.preview_token,
      });
      const imported = await call<Versions>(page, 'GET', `/api/versions?item_type=StudentImport&item_id=${applied.import_id}`);
      await page.goto(`/versions/${imported.versions[0]!.id}`);
      await page.getByRole('button', { name: 'Undo this import' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
      await page.getByText('Import undone: 2 students, 1 enrollment and 0 lessons deleted.').waitFor();
      await page.getByText(/This import was undone on/).waitFor();
      const left = await call<{ students: Student[] }>(page, 'GET', `/api/students?per_page=50&full_name_i_cont_all[]=${last}`);
      expect(left.students.map((student) => student.id).sort((a, b) => a - b)).toEqual([kept.id, other.id]);
    }));
});
