import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, choose, demo, expectToast, field, tag } from './support/records.ts';

type SchoolDetail = {
  id: number;
  head_school_admin_id: number | null;
  claimed_zips: { zip_code: string }[];
  courses: { name: string }[];
};

const conference = 'Lake Union Conference';
const course = 'Focus on Prophecy';

describe.each(['desktop', 'phone'] as ViewportName[])('setting up a new school (%s)', (viewport) => {
  let browser: Browser;
  let schoolId = 0;
  const code = `E${tag()}`.toUpperCase();
  // Zips no demo school claims, different for each run and viewport.
  const zipBase = 10_000 + Math.floor(Math.random() * 80_000);
  const zips = [zipBase, zipBase + 1, zipBase + 2].map(String);

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a global admin creates the school', () =>
    journey(browser, viewport, 'create-school', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      await page.goto('/schools/new');
      const form = page.getByRole('form', { name: 'School' });
      await form.getByRole('button', { name: 'Create school' }).click();
      await expect.poll(() => form.getByText('This field is required').count()).toBe(3);
      await field(form, 'School code').fill(code);
      await field(form, 'Church name').fill(`Hillside Church ${code}`);
      await choose(page, form, 'Conference', conference);
      await field(form.getByRole('group', { name: 'School address' }), 'City').fill('Kalamazoo');
      await form.getByRole('button', { name: 'Create school' }).click();
      await page.waitForURL(/\/schools\/(\d+)\/overview$/);
      schoolId = Number(/\/schools\/(\d+)\//.exec(page.url())?.[1]);
      await page.getByRole('heading', { name: `(#${code}) Hillside Church ${code}` }).waitFor();
      expect(await page.getByText(/needs a Head School Admin/).count()).toBe(1);
    }));

  it('a conference admin makes it ready: head school admin, zips by CSV, one zip by hand, a course', () =>
    journey(browser, viewport, 'ready-school', async (page) => {
      expect(schoolId).toBeGreaterThan(0);
      await signIn(page, 'conference.admin@demo.test');
      // Its first school admin, as the instructors page would add them.
      const admin = await call<{ id: number }>(page, 'POST', '/api/users', {
        first_name: 'Hana',
        last_name: `Head${code}`,
        email: `hana.${code.toLowerCase()}@example.test`,
        roles: [{ role_type: 'school_admin', organization_id: schoolId }],
      });
      await page.goto(`/schools/${schoolId}/overview`);
      await choose(page, page, 'Choose among its school admins', `Hana Head${code}`);
      await page.getByRole('button', { name: 'Make head school admin' }).click();
      await expectToast(page, 'Updated successfully.');
      await page.getByText(`Hana Head${code} receives the new students of this school.`).waitFor();

      // Claimed zips from a CSV: the preview first (one line refused), then the confirmation.
      await page.getByRole('button', { name: 'Import claimed zips' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import claimed zips' });
      const csv = `school_code,zip_code\n${code},${zips[0]}\n${code},${zips[1]}\n${demo.schoolCode},1234\n`;
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'zips.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByText('2 zip codes will be claimed').waitFor();
      await dialog.getByText('Not a US zip code (5 digits, or ZIP+4)').waitFor();
      await dialog.getByRole('button', { name: 'Claim 2 zip codes' }).click();
      await expectToast(page, '2 zip codes claimed.');

      // One zip by hand, then given up again.
      await field(page, 'Zip code to claim').fill(zips[2]!);
      await page.getByRole('button', { name: 'Claim', exact: true }).click();
      await expectToast(page, `${zips[2]} is now claimed by this school.`);
      await page.getByRole('button', { name: `Give up zip code ${zips[2]}` }).click();
      await page.getByRole('dialog', { name: 'Give up a zip code' }).getByRole('button', { name: 'Give it up' }).click();
      await expectToast(page, `${zips[2]} is no longer claimed by this school.`);

      // A course: offered from the catalogue in one tap.
      await page.goto(`/schools/${schoolId}/courses`);
      await page.getByRole('button', { name: 'Offer a course' }).click();
      await page.getByRole('dialog', { name: 'Offer a course' }).getByRole('button', { name: course }).click();
      await expectToast(page, `This school now offers ${course}.`);
      await page.getByRole('link', { name: course }).waitFor();

      const school = await call<SchoolDetail>(page, 'GET', `/api/schools/${schoolId}`);
      expect(school.head_school_admin_id).toBe(admin.id);
      expect(school.claimed_zips.map((zip) => zip.zip_code)).toEqual([zips[0], zips[1]]);
      expect(school.courses.map((c) => c.name)).toEqual([course]);
    }));
});
