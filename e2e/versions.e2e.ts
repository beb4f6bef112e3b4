import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, choose, enrollmentOf, expectToast, studentInCourse, tag, todayIso, usDate } from './support/records.ts';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

describe.each(['desktop', 'phone'] as ViewportName[])('versions (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('undoes a mistaken delete: the student comes back from /versions with its lessons', () =>
    journey(browser, viewport, 'versions-restore', async (page) => {
      await signIn(page, 'school.admin@demo.test');
      const lastName = `Restored${tag()}`;
      const { student, enrollment, course } = await studentInCourse(page, 'Rhoda', lastName);
      const { episodes } = await call<{ episodes: { id: number; name: string }[] }>(
        page,
        'GET',
        `/api/series/${course.id}/episodes`,
      );
      await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, {
        episode_deliveries_attributes: [{ episode_id: episodes[0]!.id, date_sent: todayIso(), delivery_type: 'PO' }],
      });

      // The lesson's change names its student and enrollment, and says nothing of the machine's
      // own (issue 25): no request key, no cache, no number standing for a person or a record.
      const lessonWords = `Lesson 1. ${episodes[0]!.name} on Rhoda ${lastName}'s ${course.name} enrollment`;
      await page.goto('/versions?item_type=EpisodeDelivery');
      const row = page.locator('tr', { hasText: lessonWords }).first();
      await row.waitFor();
      await row.getByRole('link').first().click();
      await page.getByRole('heading', { name: `Created ${lowerFirst(lessonWords)}` }).waitFor();
      await page.getByRole('heading', { name: 'As created' }).waitFor();
      const words = await page.locator('main').innerText();
      expect(words).toContain('Post Office');
      expect(words).not.toMatch(/Request key|Cached|if_address_valid|#\d|Enrollment: \d|Lesson: \d/);

      // The mistake: the student is deleted from its page.
      await page.goto(`/students/${student.id}/overview`);
      await page.getByRole('button', { name: 'Student actions' }).click();
      await page.getByRole('menuitem', { name: 'Delete student' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete student' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith(`/students/${student.id}`));

      // Its old links say it was deleted, when and by whom, not that something went wrong (issue
      // 25); an admin of its school is offered the change that brings it back.
      const deletedWords = new RegExp(`^This student was deleted on ${usDate(todayIso()).replaceAll('/', '\\/')} by \\S.+\\.$`);
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/lessons`);
      await page.getByText(deletedWords).waitFor();
      await page.goto(`/students/${student.id}/overview`);
      await page.getByText(deletedWords).waitFor();
      expect(await page.getByText('Something went wrong.').count()).toBe(0);
      expect(await page.getByText('Error Loading Content').count()).toBe(0);
      await page.getByRole('link', { name: 'Restore this student' }).click();
      await page.getByRole('heading', { name: `Deleted student Rhoda ${lastName}` }).waitFor();

      // The change is in /versions, found with the Action filter.
      await page.goto('/versions');
      await choose(page, page, 'Action', 'Deleted');
      await expect.poll(() => new URL(page.url()).searchParams.get('event')).toBe('destroy');
      await page.locator('tr', { hasText: `Rhoda ${lastName}` }).first().getByRole('link').first().click();
      await page.getByRole('heading', { name: `Deleted student Rhoda ${lastName}` }).waitFor();
      await page.getByText('Deleted with it: 1 enrollment, 1 lesson.').waitFor();

      await page.getByRole('button', { name: 'Restore student' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
      await expectToast(page, `Rhoda ${lastName} is back, with everything that was deleted with them.`);
      await page.waitForURL((url) => url.pathname.startsWith(`/students/${student.id}`));

      // Same enrollment, same registration number, its lesson back on its page.
      const back = await enrollmentOf(page, enrollment.id);
      expect(back.registration_number).toBe(enrollment.registration_number);
      expect(back.episode_deliveries).toHaveLength(1);
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}`);
      await page.getByText(String(enrollment.registration_number)).first().waitFor();
      await page.getByText(`Last sent ${usDate(todayIso())}`).first().waitFor();

      // The student's History shows the delete and the restore.
      await page.goto(`/students/${student.id}/overview`);
      await page.getByRole('link', { name: 'History' }).click();
      await page.getByText(`History of Rhoda ${lastName}`).waitFor();
      await page.getByText('Created').first().waitFor();
      await page.getByText('Deleted').first().waitFor();
    }));
});
