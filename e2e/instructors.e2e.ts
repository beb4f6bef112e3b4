import type { MailboxResponse } from '@srs/shared/mail';
import type { StudentListResponse } from '@srs/shared/students';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { call, choose, demo, expectToast, field, tag } from './support/records.ts';

const school = /\(#101\) Riverside Community Church/;

/** The newest welcome email to this address in the development mailbox, read as a global admin. */
async function welcomeLink(browser: Browser, viewport: ViewportName, email: string): Promise<string> {
  const { context, page } = await newPage(browser, viewport);
  try {
    await signIn(page, 'global.admin@demo.test');
    let text: string | undefined;
    await expect
      .poll(async () => {
        const box = await call<MailboxResponse>(page, 'GET', '/api/dev/mailbox');
        text = box.messages.find((m) => m.to === email && m.subject === 'Welcome to the Student Records System')?.text;
        return Boolean(text);
      })
      .toBe(true);
    return /https?:\/\/\S+\/idp\/welcome\/\S+/.exec(text!)![0];
  } finally {
    await context.close();
  }
}

/**
 * A student of school 101, as the school's API lists them (the first by name): their last name,
 * which the list shows whatever middle name another journey gave them.
 */
async function firstStudentOfSchool(page: Page): Promise<string> {
  const schools = await call<{ schools: { id: number; school_code: string }[] }>(page, 'GET', '/api/schools/simple_list');
  const id = schools.schools.find((s) => s.school_code === demo.schoolCode)!.id;
  const list = await call<StudentListResponse>(page, 'GET', `/api/students?school_id_eq=${id}&per_page=1&sortBy=name`);
  const student = list.students[0]!;
  return student.last_name;
}

describe.each(['desktop', 'phone'] as ViewportName[])('instructors and accounts (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a school admin adds a colleague with the welcome email; its link sets a password; they sign in', () =>
    journey(browser, viewport, 'instructor-welcome', async (page) => {
      const email = `grace.${tag()}@example.org`;
      await signIn(page, 'school.admin@demo.test');
      const studentLastName = await firstStudentOfSchool(page);
      // From the school's instructors tab, "Add an instructor" carries the school into the form.
      const schools = await call<{ schools: { id: number; school_code: string }[] }>(page, 'GET', '/api/schools/simple_list');
      await page.goto(`/schools/${schools.schools.find((s) => s.school_code === demo.schoolCode)!.id}/instructors`);
      await page.getByRole('link', { name: 'Add an instructor' }).click();
      await page.waitForURL((url) => url.pathname === '/instructors/new' && url.searchParams.has('school_id'));
      await expect.poll(() => field(page, 'School').inputValue()).toMatch(school);
      await field(page, 'First name').fill('Grace');
      await field(page, 'Last name').fill(`Hopper ${tag()}`);
      await field(page, 'Email').fill(email);
      // A school admin of 101 sees the school's students (an instructor sees only their own); the school stays chosen.
      await choose(page, page, 'Role', 'School admin');
      expect(await field(page, 'School').inputValue()).toMatch(school);
      expect(await page.getByLabel(/Send the welcome email/).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Create instructor' }).click();
      await expectToast(page, `Instructor created; the welcome email is on its way to ${email}.`);
      await page.waitForURL(/\/instructors\/\d+\/overview$/);
      await page.getByText('School admin · (#101) Riverside Community Church').first().waitFor();

      const link = await welcomeLink(browser, viewport, email);
      const { context, page: newcomer } = await newPage(browser, viewport);
      try {
        await newcomer.goto(link);
        await newcomer.getByLabel('New password (at least 12 characters)').fill('graces-own-password');
        await newcomer.getByLabel('Confirm new password').fill('graces-own-password');
        await newcomer.getByRole('button', { name: 'Set password' }).click();
        await newcomer.getByText('Your password is set').waitFor();
        await newcomer.goto(link);
        await newcomer.getByText('This link has already been used').waitFor();

        await signIn(newcomer, email, 'graces-own-password');
        // The school's student, found as staff find one (the list's own order puts it on any page).
        await newcomer.goto(`/students?studentsQuery=${encodeURIComponent(studentLastName)}`);
        await newcomer.getByText(studentLastName).first().waitFor();
      } finally {
        await context.close();
      }
    }));

  it("'Need an account?' sends a request that the school admin sees", () =>
    journey(browser, viewport, 'account-request', async (page) => {
      const last = `Asker ${tag()}`;
      await page.goto('/login');
      await page.getByRole('button', { name: 'Ask for an account' }).click();
      const form = page.getByRole('form', { name: 'Ask for an account' });
      await field(form, 'First name').fill('Ada');
      await field(form, 'Last name').fill(last);
      await field(form, 'Email').fill(`ada.${tag()}@example.org`);
      await field(form, 'School').fill('101');
      await page.getByRole('option', { name: school }).click();
      await field(form, 'Message').fill('I teach the Tuesday Bible class.');
      await form.getByRole('button', { name: 'Send request' }).click();
      await page.getByText("Thank you. Your request has been sent to the school's coordinators").waitFor();

      await signIn(page, 'school.admin@demo.test');
      await page.goto('/instructors');
      const requests = page.getByRole('region', { name: /Requests for an account/ });
      await requests.getByText(`Ada ${last}`).waitFor();
    }));

  it("an admin's own email is changed from My Account, not from their instructor page", () =>
    journey(browser, viewport, 'instructor-own-email', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const me = await call<{ id: number }>(page, 'GET', '/api/users/current');
      await page.goto(`/instructors/${me.id}/profile`);
      await page.getByRole('button', { name: 'Edit' }).click();
      const email = field(page, 'Email');
      expect(await email.getAttribute('readonly')).not.toBeNull();
      await page.getByText('Change your own email from My Account.').waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Updated successfully.');
    }));
});
