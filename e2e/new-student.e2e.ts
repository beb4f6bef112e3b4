import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { choose, demo, expectToast, field, tag } from './support/records.ts';

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'Quick Add' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add New student' }).click();
  return page.getByRole('dialog');
}

async function searchFor(page: Page, name: string) {
  const wizard = page.getByRole('dialog');
  await wizard.getByLabel('Student name').fill(name);
  await wizard.getByRole('button', { name: 'Search' }).click();
  await wizard.getByText('Not found? Add the student').waitFor();
}

async function fillAddress(page: Page, scope = page.locator('body')) {
  await field(scope, 'Address').fill('45 Oak Avenue');
  await field(scope, 'City').fill('Lansing');
  await field(scope, 'State').fill('Michigan');
  await page.getByRole('option', { name: /Michigan/ }).first().click();
  await field(scope, 'Zip code').fill('48911');
}

describe.each(['desktop', 'phone'] as ViewportName[])('a new student (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('automatic path: course first, address, a suggested school, created once and enrolled', () =>
    journey(browser, viewport, 'new-student-automatic', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      const last = `Autoplace${tag()}`;
      const wizard = await openWizard(page);
      await searchFor(page, `ruth ann ${last.toLowerCase()}`);
      await wizard.getByRole('button', { name: 'Create New Student' }).click();
      await wizard.getByRole('heading', { name: 'Assign new student automatically' }).waitFor();
      expect(await wizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await choose(page, wizard, 'Course', demo.course);
      await wizard.getByRole('button', { name: 'Next' }).click();
      // SPEC section 4: names from the search text, each capitalised.
      expect(await field(wizard, 'First name').inputValue()).toBe('Ruth');
      expect(await field(wizard, 'Middle name').inputValue()).toBe('Ann');
      expect(await field(wizard, 'Last name').inputValue()).toBe(last);
      expect(await field(wizard, 'Country').inputValue()).toBe('United States');
      await fillAddress(page, wizard);
      await wizard.getByRole('button', { name: 'Next' }).click();
      const schools = wizard.getByRole('list', { name: 'Suggested schools' });
      await schools.waitFor();
      await schools.getByRole('button', { name: `Choose (#${demo.schoolCode}) Riverside Community Church` }).click();
      await wizard.getByRole('heading', { name: 'Student created' }).waitFor({ timeout: 30_000 });
      await expectToast(page, 'Student created successfully.');
      await wizard.getByRole('button', { name: 'View Student Overview' }).click();
      await page.waitForURL((url) => /^\/students\/\d+\/overview$/.test(url.pathname));
      await page.getByRole('heading', { name: `Ruth Ann ${last}` }).waitFor();
      await page.getByText(demo.course).first().waitFor();
    }));

  it('manual path: a school with a head school admin, then the form at /students/new', () =>
    journey(browser, viewport, 'new-student-manual', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const last = `Manualplace${tag()}`;
      const wizard = await openWizard(page);
      await searchFor(page, `paul ${last.toLowerCase()}`);
      // 'Create New Student' on the search step is the global admins' automatic path.
      expect(await wizard.getByRole('button', { name: 'Create New Student' }).count()).toBe(0);
      await wizard.getByRole('button', { name: 'Place in School Manually' }).click();
      await choose(page, wizard, 'School', new RegExp(`\\(#${demo.schoolCode}\\)`));
      const create = wizard.getByRole('button', { name: 'Create New Student' });
      await expect.poll(() => create.isEnabled(), { timeout: 15_000 }).toBe(true);
      await create.click();
      await page.waitForURL((url) => url.pathname === '/students/new' && url.searchParams.has('school_id'));
      expect(new URL(page.url()).searchParams.get('student_search_name')).toBe(`paul ${last.toLowerCase()}`);
      expect(await field(page, 'First name').inputValue()).toBe('Paul');
      expect(await field(page, 'Last name').inputValue()).toBe(last);
      await fillAddress(page);
      await choose(page, page, 'Course or seminar', demo.course);
      await page.getByRole('button', { name: 'Create Student' }).click();
      await expectToast(page, 'Student created successfully.');
      await page.waitForURL((url) => /^\/students\/\d+\/overview$/.test(url.pathname));
      await page.getByRole('heading', { name: `Paul ${last}` }).waitFor();
      await page.getByText(demo.course).first().waitFor();
    }));
});
