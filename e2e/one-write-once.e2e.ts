import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import {
  addToStudent,
  choose,
  demo,
  enrollmentOf,
  expectToast,
  field,
  fillDate,
  studentInCourse,
  tag,
  todayIso,
} from './support/records.ts';

/**
 * One write, once (issue 25): a double click (a double tap on a phone) on Save in each record
 * dialog makes one record, and no refusal is shown for a second one.
 */
describe.each(['desktop', 'phone'] as ViewportName[])('a double click saves once (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  /** Double-clicks Save, waits for the success notice, and lets a second answer arrive if one were sent. */
  async function saveTwice(page: Page, dialog: Locator, success: string) {
    const save = dialog.getByRole('button', { name: 'Save' });
    if (viewport === 'phone') {
      await save.tap();
      await save.tap({ force: true, timeout: 2_000 }).catch(() => {});
    } else await save.dblclick();
    await expectToast(page, success);
    await page.waitForLoadState('networkidle');
    // The lesson's second send would be refused: no error is shown for a copy never sent.
    expect(await page.getByText(/already been sent|has already/i).count()).toBe(0);
  }

  it('lesson, visit, product, reminder and note: one record each', () =>
    journey(browser, viewport, 'double-click-saves-once', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const { student, enrollment } = await studentInCourse(page, 'Dana', `Twice${tag()}`);
      const today = todayIso();
      await page.goto(`/students/${student.id}/overview`);

      let dialog = await addToStudent(page, 'Lesson');
      await choose(page, dialog, 'Course', demo.course);
      await choose(page, dialog, 'Lesson', /^1\. /);
      await fillDate(dialog, 'Sent date', today);
      await saveTwice(page, dialog, 'Updated successfully.');

      dialog = await addToStudent(page, 'Visit');
      await choose(page, dialog, 'Series', demo.course);
      await fillDate(dialog, 'Date', today);
      await saveTwice(page, dialog, 'Visit created successfully.');

      dialog = await addToStudent(page, 'Product');
      await choose(page, dialog, 'Series', demo.course);
      await choose(page, dialog, 'Product', 'Steps to Christ');
      await saveTwice(page, dialog, 'Updated successfully.');

      await page.getByRole('button', { name: 'Quick Add' }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Add a reminder' }).click();
      await choose(page, dialog, 'Series', demo.course);
      await fillDate(dialog, 'Date', today);
      await saveTwice(page, dialog, 'Reminder created successfully.');

      dialog = await addToStudent(page, 'Note');
      await choose(page, dialog, 'Series', demo.course);
      await choose(page, dialog, 'Context', 'Reminder');
      await choose(page, dialog, 'Reminder', /^Reminder /);
      await choose(page, dialog, 'Note type', 'Note');
      await field(dialog, 'Note').fill('Asked to call back on Sunday.');
      await saveTwice(page, dialog, 'Note created successfully.');

      const detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries).toHaveLength(1);
      expect(detail.visits).toHaveLength(1);
      expect(detail.product_deliveries).toHaveLength(1);
      expect(detail.reminders).toHaveLength(1);
      expect(detail.reminders[0]!.notes.map((note) => note.text)).toEqual(['Asked to call back on Sunday.']);
    }));
});
