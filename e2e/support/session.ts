import type { Page } from 'playwright-core';

/** Calls the API as the signed-in page would, with the session token from localStorage 'tk'. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tk'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

/** The main navigation's labels: the top bar on a desk, the first level of the menu on a phone. */
export async function navigationLabels(page: Page, phone: boolean): Promise<string[]> {
  if (!phone) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog');
  await menu.waitFor();
  const labels = (await menu.getByRole('navigation').getByRole('link').allInnerTexts()).map((text) => text.trim());
  await menu.getByRole('button', { name: 'Close menu' }).click();
  return labels;
}

export async function logOut(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  } else {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
}
