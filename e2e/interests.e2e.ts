import type { UnassignedInterest } from '@srs/shared/interests';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { api } from './support/session.ts';

/*
 * Interest tracking from a church website to a student (issue 12): a global admin makes an API
 * key, the website posts a person with it, and the admin assigns that person to the suggested
 * school, which makes the student and the enrollment.
 */
describe.each(['desktop', 'phone'] as ViewportName[])('interest tracking (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a key, an interest sent with it, assigned to a school, becomes a student', () =>
    journey(browser, viewport, 'interest-to-student', async (page) => {
      await signIn(page, 'global.admin@demo.test');
      await page.goto('/account/settings/api-keys');
      await page.getByLabel('Name').fill(`Church website ${viewport}`);
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = ((await page.getByLabel('Key to copy').textContent()) ?? '').trim();
      expect(key).toMatch(/^srs_[0-9a-f]{48}$/);

      // How to send interests, on the same page: the fields and a curl example of this origin.
      const guide = page.getByRole('region', { name: 'Sending interests from your website' });
      await guide.scrollIntoViewIfNeeded();
      await guide.getByRole('table', { name: 'Fields of an interest' }).getByText('external_id', { exact: true }).waitFor();
      const curl = (await guide.getByRole('figure', { name: 'curl example' }).textContent()) ?? '';
      expect(curl).toContain(`curl -X POST '${new URL(page.url()).origin}/api/public/interests'`);
      expect(curl).toContain('"series": "Discover Bible Guides"');
      // Nothing in it reaches past the window's right edge, at 390 px too, and nothing in it scrolls
      // sideways: the example wraps in its own box. (A visually hidden header row is clipped: not past.)
      const past = await page.evaluate(() => {
        const section = document.querySelector('[aria-labelledby="intake-guide-title"]')!;
        const edge = document.documentElement.clientWidth + 0.5;
        const clipped = (element: Element) => {
          for (let up = element.parentElement; up && up !== section.parentElement; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== 'visible') return true;
          }
          return false;
        };
        const scrolls = (element: Element) =>
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1;
        return [section, ...Array.from(section.querySelectorAll('*'))]
          .filter((element) => (element.getBoundingClientRect().right > edge && !clipped(element)) || scrolls(element))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      });
      expect(past).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

      // A demo interest that has a suggested school gives a course and a zip code the schools serve.
      const waiting = await api<{ interests: UnassignedInterest[] }>(page, '/api/interests/assignments?per_page=100');
      const model = waiting.interests.find((interest) => interest.suggested_school?.head_school_admin && interest.series)!;
      const lastName = `Websiter${viewport === 'desktop' ? 'Desk' : 'Phone'}${Date.now().toString(36)}`;
      const person = {
        external_id: `web-${lastName}`,
        first_name: 'Phoebe',
        last_name: lastName,
        email: `${lastName.toLowerCase()}@example.org`,
        address: '16 Cenchreae Way',
        city: model.city,
        state: model.state,
        zip_code: model.zip_code,
        series_id: model.series!.id,
      };
      const post = () => page.request.post('/api/public/interests', { data: person, headers: { authorization: `Bearer ${key}` } });
      expect((await post()).status()).toBe(201);
      // The website sends it again: still one interest.
      expect((await post()).status()).toBe(200);

      await page.goto(`/interests/assignments?query=${lastName}`);
      await page.getByText('1 record', { exact: true }).waitFor();
      await page.getByText(model.suggested_school!.church_name, { exact: false }).first().waitFor();
      await page.getByRole('button', { name: `Assign Phoebe ${lastName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Assign Phoebe ${lastName}` });
      await expect.poll(() => dialog.getByRole('radio', { checked: true }).count()).toBe(1);
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Address', exact: true }).inputValue()).toBe('16 Cenchreae Way');
      // The website sent no country: the usual Country picker starts at United States, so the first Assign passes.
      expect(await dialog.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('United States');
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await page.getByText(`Phoebe ${lastName} is now a student of ${model.suggested_school!.church_name}`).waitFor();
      await page.getByText('Every interest is assigned.').waitFor();

      // On the list it is assigned, with its school and its student; the student is there to open.
      await page.goto(`/interests?query=${lastName}`);
      await page.getByRole('table', { name: 'Interests' }).getByText('Assigned', { exact: true }).waitFor();
      await page.getByRole('link', { name: `Phoebe ${lastName}` }).click();
      await page.waitForURL((url) => /^\/students\/\d+/.test(url.pathname));
      await page.getByText(`Phoebe ${lastName}`).first().waitFor();
      await page.getByText('16 Cenchreae Way').first().waitFor();
    }));
});
