import path from 'node:path';
import type { MailboxResponse } from '@srs/shared/mail';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import {
  addToStudent,
  call,
  choose,
  demo,
  enrollmentOf,
  expectToast,
  field,
  fillDate,
  studentInCourse,
  tag,
  todayIso,
  usDate,
} from './support/records.ts';

describe.each(['desktop', 'phone'] as ViewportName[])('the daily work (%s)', (viewport) => {
  const phone = viewport === 'phone';
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('sends a lesson, records it received with its decisions in one dialog, then unticks one', () =>
    journey(browser, viewport, 'lesson-received-decisions', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const { student, enrollment } = await studentInCourse(page, 'Lena', `Lessons${tag()}`);
      const today = todayIso();
      await page.goto(`/students/${student.id}/overview`);

      let dialog = await addToStudent(page, 'Lesson');
      await choose(page, dialog, 'Course', demo.course);
      await choose(page, dialog, 'Lesson', /^1\. /);
      await fillDate(dialog, 'Sent date', today);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Updated successfully.');
      let detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries).toHaveLength(1);
      expect(detail.lesson_number).toBe(1);
      const lesson = detail.episode_deliveries[0]!;
      expect(lesson).toMatchObject({ date_sent: today, date_completed: null });

      // Received, from the lessons tab: the date (today already) and the decisions in one dialog.
      const lessonName = `1. ${lesson.episode_name}`;
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/lessons`);
      if (phone) {
        // The enrollment's trail keeps to one line of 44 px targets, naming the course once it has loaded.
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
        await crumbs.getByRole('link', { name: demo.course }).waitFor();
        expect((await crumbs.boundingBox())?.height).toBeLessThanOrEqual(46);
        const heights = await crumbs.locator('a, button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
        expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
      }
      await page.getByRole('button', { name: `Received lesson ${lessonName}` }).click();
      const received = page.getByRole('dialog', { name: `Lesson ${lessonName} received` });
      expect(await field(received, 'Received date').inputValue()).toBe(phone ? today : usDate(today));
      await received.getByRole('checkbox', { name: 'Accept Jesus as Saviour' }).check();
      await received.getByRole('checkbox', { name: 'Baptism' }).check();
      await received.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Updated successfully.');
      detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries[0]).toMatchObject({ date_sent: today, date_completed: today });
      expect(detail.episode_deliveries[0]!.decisions.map((d) => d.decision_option_name).sort()).toEqual([
        'Accept Jesus as Saviour',
        'Baptism',
      ]);
      // The lesson shows them: named on a phone's card, counted in a desk's table.
      if (phone) await page.getByRole('listitem', { name: `Lesson ${lessonName}` }).getByText('Baptism').waitFor();
      else {
        const row = page.getByRole('table', { name: 'Lessons' }).getByRole('row').filter({ hasText: lessonName });
        await row.getByRole('cell', { name: usDate(today) }).nth(1).waitFor();
        expect(await row.getByRole('cell').nth(4).innerText()).toBe('2');
      }
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/decisions`);
      const decisions = page.getByRole('table', { name: 'Decisions' });
      await decisions.getByText('Baptism').waitFor();
      expect(await decisions.getByText('Accept Jesus as Saviour').count()).toBe(1);

      dialog = await addToStudent(page, 'Decision');
      await choose(page, dialog, 'Series', demo.course);
      await choose(page, dialog, 'Lesson', /^1\. /);
      const baptism = dialog.getByRole('checkbox', { name: 'Baptism' });
      await expect.poll(() => baptism.isChecked()).toBe(true);
      await baptism.uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Decisions updated successfully.');
      detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries[0]!.decisions.map((d) => d.decision_option_name)).toEqual([
        'Accept Jesus as Saviour',
      ]);
      await page.goto(`/students/${student.id}/decisions`);
      await page.getByText('Accept Jesus as Saviour').first().waitFor();
      expect(await page.getByText('Baptism').count()).toBe(0);
    }));

  it('a reminder puts the enrollment on the follow-up list; a visit with a note takes it off', () =>
    journey(browser, viewport, 'reminder-followup-visit', async (page) => {
      await signIn(page, 'instructor@demo.test');
      const last = `Followup${tag()}`;
      const { student, enrollment } = await studentInCourse(page, 'Mara', last);
      const today = todayIso();
      const followupList = async () => {
        await page.goto('/');
        await page.getByRole('heading', { name: 'My Dashboard' }).waitFor();
        // The list has loaded once another student needing follow-up shows.
        await page.getByText('Students needing follow-up').first().waitFor();
        await page.waitForLoadState('networkidle');
        const list = page.getByRole('region', { name: 'Students needing follow-up' });
        return list.getByRole('link', { name: new RegExp(`Mara ${last}`) }).count();
      };
      expect(await followupList()).toBe(0);

      // A reminder is a Quick Add form; on the student's page the student is chosen already.
      await page.goto(`/students/${student.id}/overview`);
      await page.getByRole('button', { name: 'Quick Add' }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Add a reminder' }).click();
      await choose(page, dialog, 'Series', demo.course);
      // A reminder is for a day to come: its date starts empty (a visit's starts at today).
      expect(await field(dialog, 'Date').inputValue()).toBe('');
      await fillDate(dialog, 'Date', today);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Reminder created successfully.');
      expect((await enrollmentOf(page, enrollment.id)).needing_followup).toBe(true);
      expect(await followupList()).toBe(1);

      await page.goto(`/students/${student.id}/overview`);
      dialog = await addToStudent(page, 'Visit');
      await choose(page, dialog, 'Series', demo.course);
      expect(await field(dialog, 'Date').inputValue()).toBe(phone ? today : usDate(today));
      await choose(page, dialog, 'Note type', 'Note');
      await field(dialog, 'Note').fill('Talked about lesson one on the porch.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Visit created successfully.');
      const detail = await enrollmentOf(page, enrollment.id);
      expect(detail.visits).toHaveLength(1);
      expect(detail.visits[0]!.notes.map((n) => n.text)).toEqual(['Talked about lesson one on the porch.']);
      expect(detail.needing_followup).toBe(false);
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/visits`);
      await page.getByText('Talked about lesson one on the porch.').first().waitFor();
      expect(await followupList()).toBe(0);

      // The one date field at both widths: eight digits typed on a number pad read as MM/DD/YYYY.
      // A day of next year, never today's visit's (two rows would then carry one name).
      const year = Number(today.slice(0, 4)) + 1;
      const [typedIso, typedUs] = [`${year}-12-01`, `12/01/${year}`];
      await page.goto(`/students/${student.id}/overview`);
      dialog = await addToStudent(page, 'Visit');
      await choose(page, dialog, 'Series', demo.course);
      const date = field(dialog, 'Date');
      if (phone) {
        // A phone has the native date input (SPEC section 5): its own wheel, the same value.
        expect(await date.getAttribute('type')).toBe('date');
        await date.fill(typedIso);
      } else {
        await date.fill('');
        await date.pressSequentially(typedUs.replaceAll('/', ''));
        await date.press('Tab');
        expect(await date.inputValue()).toBe(typedUs);
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Visit created successfully.');
      expect((await enrollmentOf(page, enrollment.id)).visits.map((visit) => visit.date)).toContain(typedIso);
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/visits`);
      await page.getByRole('button', { name: `Edit visit of ${typedUs}` }).waitFor();
      await page.getByText(typedUs, { exact: true }).first().waitFor();
    }));

  it('delivers a product at the offer’s default price when the price is left blank', () =>
    journey(browser, viewport, 'product-default-price', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const { student, enrollment } = await studentInCourse(page, 'Noor', `Products${tag()}`);
      await page.goto(`/students/${student.id}/overview`);
      const dialog = await addToStudent(page, 'Product');
      await choose(page, dialog, 'Series', demo.course);
      await choose(page, dialog, 'Product', 'Steps to Christ');
      expect(await field(dialog, 'Price').getAttribute('placeholder')).toContain('2.50');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Updated successfully.');
      const detail = await enrollmentOf(page, enrollment.id);
      expect(detail.product_deliveries).toHaveLength(1);
      expect(detail.product_deliveries[0]).toMatchObject({ product_name: 'Steps to Christ', price: '2.50', quantity: 1 });
      await page.goto(`/students/${student.id}/products`);
      await page.getByText('$2.50').first().waitFor();
    }));

  it('a reminder due today comes back on the dashboard and opens its enrollment; a follow-up lets it go', () =>
    journey(browser, viewport, 'reminder-comes-back', async (page) => {
      await signIn(page, 'instructor@demo.test');
      const last = `Remind${tag()}`;
      const { student, enrollment } = await studentInCourse(page, 'Rita', last);
      await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, { reminders_attributes: [{ date: todayIso() }] });
      await page.goto('/');
      await page.getByRole('heading', { name: 'My Dashboard' }).waitFor();
      // Above the SPEC lists, a row per reminder due, in words: due today.
      const due = page.getByRole('region', { name: 'Reminders due' });
      const name = new RegExp(`Rita ${last}`);
      const row = due.getByRole('link', { name });
      // The three waiting longest first; due today, hers may be behind "Show all".
      await due.getByRole('link').first().waitFor();
      const more = due.getByRole('button', { name: /^Show all/ });
      // The list may draw again as its answer lands (the frame's remembered box, then the rows): the
      // row is read once it is drawn with its words, "Show all" clicked whenever it is there.
      await expect
        .poll(
          async () => {
            if (await more.isVisible()) await more.click();
            return (await row.isVisible()) ? row.innerText() : '';
          },
          { timeout: 15_000 },
        )
        .toContain(phone ? `${demo.course} · Due today` : `Rita ${last}`);
      if (phone) expect(await row.innerText()).toContain(`${demo.course} · Due today`);
      else {
        const cells = due.getByRole('row').filter({ has: page.getByRole('link', { name }) }).getByRole('cell');
        expect(await cells.allInnerTexts()).toEqual([`Rita ${last}`, demo.course, 'Due today', expect.any(String)]);
      }
      await row.click();
      await page.waitForURL((url) => url.pathname === `/students/${student.id}/courses/enrollments/${enrollment.id}/reminders`);
      await page.getByRole('listitem', { name: `Reminder of ${usDate(todayIso())}` }).getByText('Due today').waitFor();

      // A visit today is the follow-up: the reminder is done and leaves the dashboard.
      await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, { visits_attributes: [{ date: todayIso() }] });
      await page.goto('/');
      await page.getByRole('region', { name: 'Students needing follow-up' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('link', { name: new RegExp(`Rita ${last}`) }).count()).toBe(0);
    }));

  it('the morning mail of reminders and follow-up is in the development mailbox', () =>
    journey(browser, viewport, 'morning-mail', async (page) => {
      // The journeys' server sends it at start (REMINDER_MAIL_TIME=00:00, e2e/support/server.ts).
      await signIn(page, 'global.admin@demo.test');
      const box = await call<MailboxResponse>(page, 'GET', '/api/dev/mailbox');
      const mails = box.messages.filter((m) => m.kind === 'reminder_mail');
      const recipients = mails.map((m) => m.to);
      expect(new Set(recipients).size).toBe(recipients.length);
      const mail = mails.find((m) => m.to === 'instructor@demo.test');
      expect(mail?.subject).toMatch(/^Reminders and follow-up, \d{2}\/\d{2}\/\d{4}: /);
      expect(mail?.text).toMatch(/^Good morning /);
      expect(mail?.text).toContain('/account/settings');
      await page.goto('/dev/mailbox');
      await page.getByRole('button', { name: new RegExp(`instructor@demo\\.test.*${exactly(mail!.subject)}`) }).first().click();
      const message = page.getByRole('article', { name: mail!.subject });
      await message.getByText('Good morning', { exact: false }).waitFor();
      // Each row links to its enrollment: on the reminders tab, or where its work starts.
      expect(await message.getByRole('link').count()).toBeGreaterThan(1);
      // As the reader sees it, kept beside the failures' screenshots.
      await page.screenshot({ path: path.resolve(import.meta.dirname, `../test-results/morning-mail-${viewport}.png`), fullPage: true });
    }));
});

/** A text as a regular expression that matches it exactly. */
const exactly = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
