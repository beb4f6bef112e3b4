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
        country: 'United States',
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
