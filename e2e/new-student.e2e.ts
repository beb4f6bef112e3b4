import path from 'node:path';
import type { Student } from '@srs/shared/students';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, choose, demo, expectToast, field, tag } from './support/records.ts';

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

/** The address, city and email typed on the form step (issue 25: what a reload used to drop). */
const typed = { address: '45 Oak Avenue', city: 'Lansing', email: 'kept@example.test' };

async function typeAddressCityEmail(scope: Page | Locator) {
  await field(scope, 'Address').fill(typed.address);
  await field(scope, 'City').fill(typed.city);
  await field(scope, 'Email').fill(typed.email);
}

async function expectAddressCityEmail(scope: Page | Locator) {
  await expect.poll(() => field(scope, 'Address').inputValue(), { timeout: 15_000 }).toBe(typed.address);
  expect(await field(scope, 'City').inputValue()).toBe(typed.city);
  expect(await field(scope, 'Email').inputValue()).toBe(typed.email);
}

/** The students of this last name the signed-in user can see, found as the wizard's search finds them. */
async function studentsNamed(page: Page, last: string): Promise<Student[]> {
  const query = new URLSearchParams({ 'full_name_i_cont_all[]': last, per_page: '50' });
  const { students } = await call<{ students: Student[] }>(page, 'GET', `/api/students?${query.toString()}`);
  return students.filter((student) => student.last_name === last);
}

const screenshot = (page: Page, name: string, viewport: ViewportName) =>
  page.screenshot({ path: path.resolve(import.meta.dirname, `../test-results/${name}-${viewport}.png`), fullPage: true });

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

  it('manual path: the one school of its admin, not asked for, then the form at /students/new', () =>
    journey(browser, viewport, 'new-student-manual', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const last = `Manualplace${tag()}`;
      const wizard = await openWizard(page);
      await searchFor(page, `paul ${last.toLowerCase()}`);
      // 'Create New Student' on the search step is the global admins' automatic path.
      expect(await wizard.getByRole('button', { name: 'Create New Student' }).count()).toBe(0);
      // School 101's admin has that one school, with a head school admin: no school step.
      await wizard.getByRole('button', { name: 'Place in School Manually' }).click();
      await page.waitForURL((url) => url.pathname === '/students/new' && url.searchParams.has('school_id'));
      expect(await page.getByRole('heading', { name: 'Place in School Manually' }).count()).toBe(0);
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
  it('the form keeps the address, city and email across a reload; after the save Back is not the filled form', () =>
    journey(browser, viewport, 'new-student-kept-form', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const last = `Keptform${tag()}`;
      await page.goto('/students');
      await page.getByRole('button', { name: 'Quick Add' }).waitFor();
      const wizard = await openWizard(page);
      await searchFor(page, `naomi ${last.toLowerCase()}`);
      await wizard.getByRole('button', { name: 'Place in School Manually' }).click();
      // A user with several schools picks one; with one, the wizard goes straight on with it.
      const onForm = () => new URL(page.url()).pathname === '/students/new';
      const school = field(wizard, 'School');
      await expect.poll(async () => onForm() || (await school.count()) > 0, { timeout: 15_000 }).toBe(true);
      if (!onForm()) {
        await choose(page, wizard, 'School', new RegExp(`\\(#${demo.schoolCode}\\)`));
        const create = wizard.getByRole('button', { name: 'Create New Student' });
        await expect.poll(() => create.isEnabled(), { timeout: 15_000 }).toBe(true);
        await create.click();
      }
      await page.waitForURL((url) => url.pathname === '/students/new' && url.searchParams.has('school_id'));
      await typeAddressCityEmail(page);
      await page.reload();
      await expectAddressCityEmail(page);
      expect(await field(page, 'First name').inputValue()).toBe('Naomi');
      expect(await field(page, 'Last name').inputValue()).toBe(last);
      await screenshot(page, 'new-student-form-after-reload', viewport);

      await field(page, 'State').fill('Michigan');
      await page.getByRole('option', { name: /Michigan/ }).first().click();
      await field(page, 'Zip code').fill('48911');
      await page.getByRole('button', { name: 'Create Student' }).click();
      await expectToast(page, 'Student created successfully.');
      await page.waitForURL((url) => /^\/students\/\d+\/overview$/.test(url.pathname));
      await page.getByRole('heading', { name: `Naomi ${last}` }).waitFor();

      // Back goes to where the person was before the wizard, not to the form filled in.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/students');
      expect(await page.getByRole('button', { name: 'Create Student' }).count()).toBe(0);
      await screenshot(page, 'new-student-form-back-after-save', viewport);
      const made = await studentsNamed(page, last);
      expect(made).toHaveLength(1);
      expect(made[0]?.email).toBe(typed.email);
      // The draft went with the save: nothing of it is left in the tab.
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('draft:')))).toEqual([]);
    }));

  it('the wizard opens again on its address step after a reload; Back after the save leaves no filled form', () =>
    journey(browser, viewport, 'new-student-kept-wizard', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      const last = `Keptwizard${tag()}`;
      const before = new URL(page.url()).pathname;
      const wizard = await openWizard(page);
      await searchFor(page, `ruth ${last.toLowerCase()}`);
      await wizard.getByRole('button', { name: 'Create New Student' }).click();
      await choose(page, wizard, 'Course', demo.course);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('heading', { name: 'Address' }).waitFor();
      await typeAddressCityEmail(wizard);
      await page.reload();

      // The modal opens again on the same step, with what was typed.
      const again = page.getByRole('dialog');
      await again.getByRole('heading', { name: 'Address' }).waitFor({ timeout: 20_000 });
      await expectAddressCityEmail(again);
      expect(await field(again, 'Last name').inputValue()).toBe(last);
      await screenshot(page, 'new-student-wizard-after-reload', viewport);

      await field(again, 'State').fill('Michigan');
      await page.getByRole('option', { name: /Michigan/ }).first().click();
      await field(again, 'Zip code').fill('48911');
      await again.getByRole('button', { name: 'Next' }).click();
      const schools = again.getByRole('list', { name: 'Suggested schools' });
      await schools.waitFor();
      await schools.getByRole('button', { name: `Choose (#${demo.schoolCode}) Riverside Community Church` }).click();
      await again.getByRole('heading', { name: 'Student created' }).waitFor({ timeout: 30_000 });
      await again.getByRole('button', { name: 'View Student Overview' }).click();
      await page.waitForURL((url) => /^\/students\/\d+\/overview$/.test(url.pathname));
      await page.getByRole('heading', { name: `Ruth ${last}` }).waitFor();

      // Back: the page the wizard was opened on, with no wizard and no filled form on it.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === before);
      await page.getByRole('button', { name: 'Quick Add' }).waitFor();
      // The wizard's modal closes on the route change (its closing transition may still be running).
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5_000 }).toBe(0);
      // A reload there does not bring the wizard back either: its draft went with the save.
      await page.reload();
      await page.getByRole('button', { name: 'Quick Add' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(page, 'new-student-wizard-back-after-save', viewport);
      expect(await studentsNamed(page, last)).toHaveLength(1);
    }));
});
