import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The product's Spanish words as its catalogues have them (docs/decisions/027), so that a journey in
 * Spanish reads what a Spanish-speaking person reads, and keeps reading it when a word is reworded.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

/** A message of an area, its {placeholders} filled (no plurals: a journey reads plain sentences). */
export function es(area: string, key: string, values: Record<string, string | number> = {}): string {
  const folder = ['idp', 'exports', 'mail', 'printing', 'privacy', 'errors'].includes(area) ? 'apps/server/src/locales' : 'apps/web/src/locales';
  const message = read(`${folder}/${area}.es.json`)[key];
  if (message === undefined) throw new Error(`no Spanish message ${area}.${key}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`)).replace(/''/g, "'");
}

/** A text of packages/shared in Spanish, found by its English. */
export function esShared(english: string): string {
  const spanish = read('packages/shared/src/locales/shared.es.json')[english];
  if (spanish === undefined) throw new Error(`no Spanish for "${english}"`);
  return spanish;
}

/** Signs in through the built-in provider in Spanish: Iniciar sesión, Correo electrónico, Contraseña. */
export async function signInInSpanish(page: Page, email: string, password = 'demo-password') {
  await page.goto('/login');
  await page.getByRole('button', { name: es('auth', 'signIn'), exact: true }).click();
  await page.getByLabel(es('idp', 'email')).fill(email);
  await page.getByLabel(es('idp', 'password')).fill(password);
  await page.getByRole('button', { name: es('idp', 'signIn'), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/idp'), { timeout: 30_000 });
}

/**
 * The commands every screen has, in English: in Spanish none of the page's buttons, tabs, links,
 * headings, column headings or labels may read exactly one of them (people's data never does).
 */
const englishCommands = new Set([
  'Save', 'Cancel', 'Delete', 'Edit', 'Search', 'Next', 'Previous', 'Close', 'Back', 'Loading...', 'Show all',
  'Quick Add', 'Log out', 'Logout', 'Sign In', 'My Account', 'Settings', 'Reports', 'Students', 'Courses',
  'Schools', 'Seminars', 'Instructors', 'Dashboard', 'My Dashboard', 'Export', 'Download', 'Add', 'Name',
  'Address', 'Status', 'Date', 'Lessons', 'Visits', 'Notes', 'Reminders', 'Decisions', 'Products', 'Overview',
  'Profile', 'Enrollments', 'History', 'Print', 'Filter', 'Clear', 'First', 'Yes', 'No', 'OK', 'Training',
  'Lesson', 'Visit', 'Note', 'Decision', 'Product', 'Course', 'Series', 'School', 'Instructor', 'Received',
  'Sent', 'Send', 'Remove', 'Menu', 'Interests', 'Reminder',
]);

/** The page's visible commands that read exactly as an English one. */
export async function englishLeftOn(page: Page): Promise<string[]> {
  const texts = await page
    .locator('button, [role="tab"], [role="menuitem"], a, th, label, [role="columnheader"], h1, h2, h3, h4')
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .flatMap((element) => [(element.textContent ?? '').trim(), element.getAttribute('aria-label') ?? '']),
    );
  return [...new Set(texts.filter((text) => englishCommands.has(text.replace(/\s*\*$/, ''))))];
}
