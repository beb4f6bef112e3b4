import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { addToStudent, call, choose, demo, enrollmentOf, expectToast, field, studentInCourse, tag, todayIso } from './support/records.ts';

/** The rows of one store of the phone's IndexedDB copy (lib/offline/phone-store.ts). */
function phoneRows(page: Page, store: 'queries' | 'writes' | 'meta') {
  return page.evaluate(
    (name) =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('srs-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return resolve([]);
          const read = db.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            resolve(read.result as unknown[]);
            db.close();
          };
        };
      }),
    store,
  );
}

/** The kept read of a query key that starts with `start` ('["enrollments","detail",12]'). */
async function keptRead(page: Page, start: string): Promise<boolean> {
  const rows = (await phoneRows(page, 'queries')) as { key: unknown[] }[];
  return rows.some((row) => JSON.stringify(row.key).startsWith(start));
}

/** Waits until the app's service worker controls the page: the app opens from it without a signal. */
async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/*
 * Issue 30: an instructor in a living room with no signal. After one visit online the app opens
 * without a connection, finds the student among those kept on the phone, records a lesson received
 * with a decision and a visit with a note; the records wait on the phone through a reload and reach
 * the server once when the phone is online again. Log out leaves nothing on the phone.
 */
describe.each(['phone', 'desktop'] as ViewportName[])('without a signal (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a whole visit recorded offline arrives once when the phone is back online', () =>
    journey(browser, viewport, 'offline-visit', async (page) => {
      await signIn(page, 'instructor@demo.test');
      const lastName = `Offline${tag()}`;
      const { student, enrollment, course } = await studentInCourse(page, 'Marta', lastName);
      const today = todayIso();
      const { episodes } = await call<{ episodes: { id: number; name: string; position: number }[] }>(
        page,
        'GET',
        `/api/series/${course.id}/episodes`,
      );
      const first = episodes.find((episode) => episode.position === 1) ?? episodes[0]!;
      await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, {
        episode_deliveries_attributes: [{ episode_id: first.id, date_sent: today, delivery_type: 'PD' }],
      });

      // Online, the app copies the instructor's students to the phone (a fresh copy: the one made
      // at sign-in is from before this student).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const open = indexedDB.open('srs-offline');
            open.onsuccess = () => {
              const transaction = open.result.transaction('meta', 'readwrite');
              transaction.objectStore('meta').delete('refreshedAt');
              transaction.oncomplete = () => resolve();
            };
          }),
      );
      await page.goto('/');
      await untilControlled(page);
      await expect.poll(() => keptRead(page, `["enrollments","detail",${enrollment.id}]`), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => keptRead(page, `["series",${course.id},"decision_options"]`), { timeout: 30_000 }).toBe(true);

      // The signal goes. The app opens, and finds the student among those the phone keeps.
      await page.context().setOffline(true);
      const opening = Date.now();
      await page.goto(`/students?query=${encodeURIComponent(lastName)}`);
      await page.getByRole('link', { name: new RegExp(lastName) }).first().waitFor({ timeout: 20_000 });
      const openedInMs = Date.now() - opening;
      console.log(`[offline ${viewport}] the students list opened without a signal in ${openedInMs} ms`);
      await page.getByText(/No connection\. This phone shows what was saved on it/).waitFor();
      await page.getByRole('link', { name: new RegExp(lastName) }).first().click();
      await page.waitForURL(`**/students/${student.id}/**`);

      // Lesson 1 received, with a decision, from the enrollment's lessons tab.
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/lessons`);
      const lessonName = `${first.position}. ${first.name}`;
      await page.getByRole('button', { name: `Received lesson ${lessonName}` }).click();
      let dialog = page.getByRole('dialog', { name: `Lesson ${lessonName} received` });
      await dialog.getByRole('checkbox', { name: 'Baptism' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Waiting to be sent');
      await page.getByText('1 record waiting to be sent').first().waitFor();

      // A visit with a note.
      dialog = await addToStudent(page, 'Visit');
      await choose(page, dialog, 'Series', demo.course);
      await choose(page, dialog, 'Note type', 'Note');
      await field(dialog, 'Note').fill('Read lesson 1 together on the porch.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Waiting to be sent');
      await page.getByText('2 records waiting to be sent').first().waitFor();
      await page.getByText('2 records of this enrollment are waiting to be sent').waitFor();

      // Put away: a reload without a signal keeps them.
      const reloading = Date.now();
      await page.reload();
      await page.getByText('2 records waiting to be sent').first().waitFor({ timeout: 20_000 });
      console.log(`[offline ${viewport}] the enrollment page reloaded without a signal in ${Date.now() - reloading} ms`);
      let detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries[0]?.date_completed).toBeNull();
      expect(detail.visits).toHaveLength(0);
      const bytes = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      console.log(`[offline ${viewport}] kept on the phone: ${(await phoneRows(page, 'queries')).length} reads, ${bytes} bytes of storage`);

      // The signal comes back: each record reaches the server once.
      await page.context().setOffline(false);
      await page.getByText(/records? waiting to be sent/).first().waitFor({ state: 'detached', timeout: 30_000 });
      detail = await enrollmentOf(page, enrollment.id);
      expect(detail.episode_deliveries).toHaveLength(1);
      expect(detail.episode_deliveries[0]).toMatchObject({ date_sent: today, date_completed: today });
      expect(detail.episode_deliveries[0]!.decisions.map((decision) => decision.decision_option_name)).toEqual(['Baptism']);
      expect(detail.visits).toHaveLength(1);
      expect(detail.visits[0]!.notes.map((note) => note.text)).toEqual(['Read lesson 1 together on the porch.']);
      expect(await phoneRows(page, 'writes')).toEqual([]);
      // The page shows what the server has.
      await page.getByRole('button', { name: `Received lesson ${lessonName}` }).waitFor({ state: 'detached' });

      // Changed by someone else while a record waited: the person sees it and chooses.
      await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/visits`);
      await page.getByText('Read lesson 1 together on the porch.').waitFor();
      await page.context().setOffline(true);
      dialog = await addToStudent(page, 'Visit');
      await choose(page, dialog, 'Series', demo.course);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Waiting to be sent');
      await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, {
        reminders_attributes: [{ date: today }],
      });
      await page.context().setOffline(false);
      await page.getByText('1 record could not be sent').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'See the list' }).click();
      const list = page.getByRole('dialog', { name: 'Waiting to be sent' });
      await list.getByText(/this enrollment was changed by someone else/).waitFor();
      await list.getByRole('button', { name: 'Send anyway' }).click();
      await list.getByText('Nothing is waiting to be sent.').waitFor({ timeout: 30_000 });
      detail = await enrollmentOf(page, enrollment.id);
      expect(detail.visits).toHaveLength(2);
      expect(detail.reminders).toHaveLength(1);
      await page.keyboard.press('Escape');

      // Log out leaves nothing of the instructor on the phone.
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Log Out' }).click();
      } else {
        await page.getByRole('button', { name: /User menu/ }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
      }
      await page.waitForURL((url) => !url.pathname.startsWith('/students'), { timeout: 30_000 });
      await page.goto('/login');
      expect(await phoneRows(page, 'queries')).toEqual([]);
      expect(await phoneRows(page, 'writes')).toEqual([]);
    }, { serviceWorkers: 'allow' }));
});
