import type { Browser, Locator, Page } from 'playwright-core';
import { messages } from '@srs/shared/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt, totpStepSeconds } from '../apps/server/src/auth/totp.ts';
import { journey, launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { expectToast, field, tag } from './support/records.ts';

/** A picture as a person picks it from their device. */
const picture = (colour: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

async function pick(page: Page, button: string, name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles({ name, mimeType: 'image/png', buffer });
}

/** The page's background, as the shell draws it (SPEC section 2, Page shell). */
const background = (page: Page) =>
  page.locator('#main').evaluate((main) => {
    for (let node = main as HTMLElement | null; node; node = node.parentElement) {
      if (node.style.backgroundImage) return node.style.backgroundImage;
    }
    return '';
  });

describe.each(['desktop', 'phone'] as ViewportName[])('my account and settings (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('sets a profile picture and a background, sees them, and puts them back', () =>
    journey(browser, viewport, 'account-pictures', async (page) => {
      await signIn(page, 'conference.admin@demo.test');
      await page.goto('/account/my-account');
      await page.getByRole('heading', { name: 'My Account' }).waitFor();

      // A file that is no picture is refused in words before it is sent.
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: 'Choose a picture' }).click(),
      ]);
      await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
      await page.getByRole('alert').getByText(/Profile picture is not a picture/).waitFor();

      await pick(page, 'Choose a picture', 'me.png', await picture('#2a6', 600, 400));
      const shown = page.getByRole('img', { name: 'Your profile picture' });
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
      if (viewport === 'desktop') {
        // The header's avatar shows it too.
        const avatar = page.getByRole('button', { name: /^User menu/ }).getByRole('img');
        await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
      }

      await page.goto('/account/settings');
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
      expect(await background(page)).toContain('/backgrounds/default.svg');
      await page.getByRole('button', { name: 'Dawn' }).click();
      await expect.poll(() => background(page)).toContain('/backgrounds/dawn.svg');
      await expect.poll(() => page.getByRole('button', { name: 'Dawn' }).getAttribute('aria-pressed')).toBe('true');

      await pick(page, 'Use a picture of my own', 'hills.png', await picture('#cde', 1200, 500));
      await expect.poll(() => background(page)).toMatch(/^url\("blob:/);
      await page.getByRole('button', { name: 'Your picture' }).waitFor();

      // Opened again, the page keeps them.
      await page.reload();
      await expect.poll(() => background(page), { timeout: 10_000 }).toMatch(/^url\("blob:/);

      // Back as they were, for the next journey.
      await page.getByRole('button', { name: 'Hills' }).click();
      await expect.poll(() => background(page)).toContain('/backgrounds/default.svg');
      await page.goto('/account/my-account');
      await page.getByRole('button', { name: 'Remove picture' }).click();
      await page.getByRole('button', { name: 'Choose a picture' }).waitFor();
    }));

  it('turns on the second factor with an authenticator app, signs in with a code, and turns it off', async () => {
    const email = 'conference.admin@demo.test';
    let secret = '';
    let recovery = '';
    await journey(browser, viewport, 'account-second-factor-on', async (page) => {
      await signIn(page, email);
      await page.goto('/account/my-account');
      await page.getByRole('button', { name: 'Set up a second factor' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      secret = ((await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/).textContent()) ?? '').replace(/ /g, '');
      expect(secret).toHaveLength(32);
      // The password is asked again, and checked before the code.
      await page.getByLabel('Code from the app').fill('000000' === totpAt(secret, new Date()) ? '111111' : '000000');
      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Current password is not correct').waitFor();
      await page.getByLabel('Current password').fill('demo-password');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Code is not correct').waitFor();
      await page.getByLabel('Code from the app').fill(totpAt(secret, new Date()));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      recovery = (await codes.first().textContent()) ?? '';
      await page.getByRole('button', { name: 'I have kept them' }).click();
      await page.getByText(/^On: after your password/).waitFor();
      // Every other session ended; this one goes on with the token the answer renewed.
      await page.reload();
      await page.getByText(/^On: after your password/).waitFor();
    });

    // Another browser: the password, then the code the app shows next.
    const { context, page } = await newPage(browser, viewport);
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
      await page.getByLabel('Code from your authenticator app').fill(totpAt(secret, new Date(Date.now() + totpStepSeconds * 1000)));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/idp'), { timeout: 30_000 });

      // Off again with a recovery code, as the demo account was.
      await page.goto('/account/my-account');
      await page.getByLabel('Code', { exact: true }).fill(recovery);
      await page.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('button', { name: 'Set up a second factor' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('changes the email it signs in with: the password asked again, and this browser stays signed in', () =>
    journey(browser, viewport, 'account-email', async (page) => {
      const email = 'conference.admin@demo.test';
      const newEmail = `conference.admin.${tag()}@demo.test`;
      await signIn(page, email);
      await page.goto('/account/my-account');
      const details = page.getByRole('region', { name: 'Your details' });
      const password = details.getByLabel('Current password');
      // Enter in the field last typed in, as people do after a password. (A click on Save, under
      // the phone's Quick Add button, can be lost: the field's blur on mousedown brings the button back.)
      const save = async (from: Locator, text: string) => {
        await from.press('Enter');
        await (text === messages.updated ? expectToast(page, text) : details.getByText(text).waitFor());
      };
      await field(details, 'Email').waitFor();
      expect(await password.count()).toBe(0);
      await field(details, 'Email').fill(newEmail);
      await save(field(details, 'Email'), 'Current password is needed to change the email you sign in with');
      await password.fill('not-the-password');
      await save(password, 'Current password is not correct');
      expect(await field(details, 'Email').inputValue()).toBe(newEmail);
      await password.fill('demo-password');
      await save(password, messages.updated);

      // Every session of the account ended; this browser's was renewed by the answer.
      await page.reload();
      expect(await field(details, 'Email').inputValue()).toBe(newEmail);

      // Back as it was, for the next journeys.
      await field(details, 'Email').fill(email);
      await password.fill('demo-password');
      await save(password, messages.updated);
      await expect.poll(() => password.count()).toBe(0);
    }));
});
