import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn } from './support/browser.ts';
import { call, choose, demo, enrollmentOf, expectToast, field, fillDate, studentInCourse, tag, todayIso } from './support/records.ts';
import { englishLeftOn, es, esShared, signInInSpanish } from './support/spanish.ts';

/** DD/MM/YYYY: how a date reads in Spanish (issue 29). */
const spanishDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/*
 * Issue 29: a Spanish-speaking instructor on a phone, and a coordinator at a desk who chose
 * Spanish in My Account, do their work without meeting an English word; what they record reaches
 * the server as it would in English.
 */
describe('in Spanish', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('an instructor on a phone whose browser reads Spanish sends a lesson, records it received with a decision, adds a visit and reads the dashboard', () =>
    journey(
      browser,
      'phone',
      'spanish-instructor',
      async (page) => {
        // The sign-in page is written in Spanish before any script runs.
        const first = await page.request.get('/login', { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
        expect(await first.text()).toContain('lang="es-US"');
        await signInInSpanish(page, 'instructor@demo.test');
        expect(await page.locator('html').getAttribute('lang')).toBe('es-US');
        const { student, enrollment } = await studentInCourse(page, 'Lucía', `Español${tag()}`);
        const today = todayIso();

        // Send a lesson, from the student's page.
        await page.goto(`/students/${student.id}/overview`);
        await page.getByRole('button', { name: es('enrollments', 'addToStudent') }).click();
        await page.getByRole('menuitem', { name: esShared('Lesson'), exact: true }).click();
        let dialog = page.getByRole('dialog');
        await choose(page, dialog, es('lessons', 'course'), demo.course);
        await choose(page, dialog, es('lessons', 'lessonField'), /^1\. /);
        await fillDate(dialog, es('lessons', 'sentDate'), today);
        expect(await englishLeftOn(page)).toEqual([]);
        await dialog.getByRole('button', { name: es('common', 'save') }).click();
        await expectToast(page, esShared('Updated successfully.'));
        let detail = await enrollmentOf(page, enrollment.id);
        expect(detail.episode_deliveries).toHaveLength(1);
        const lessonName = `1. ${detail.episode_deliveries[0]!.episode_name}`;

        // Received, with a decision, from the lessons tab: the date shows day first.
        await page.goto(`/students/${student.id}/courses/enrollments/${enrollment.id}/lessons`);
        await page.getByRole('button', { name: es('lessons', 'receivedNamed', { lesson: lessonName }) }).click();
        dialog = page.getByRole('dialog', { name: es('lessons', 'lessonReceived', { lesson: lessonName }) });
        expect(await field(dialog, es('lessons', 'receivedDate')).inputValue()).toBe(today);
        // The decision options are the network's data: they read as they were typed.
        await dialog.getByRole('checkbox', { name: 'Baptism' }).check();
        expect(await englishLeftOn(page)).toEqual([]);
        await dialog.getByRole('button', { name: es('common', 'save') }).click();
        await expectToast(page, esShared('Updated successfully.'));
        detail = await enrollmentOf(page, enrollment.id);
        expect(detail.episode_deliveries[0]).toMatchObject({ date_sent: today, date_completed: today });
        expect(detail.episode_deliveries[0]!.decisions.map((d) => d.decision_option_name)).toEqual(['Baptism']);
        await page.getByText(spanishDate(today)).first().waitFor();

        // A visit with a note.
        await page.goto(`/students/${student.id}/overview`);
        await page.getByRole('button', { name: es('enrollments', 'addToStudent') }).click();
        await page.getByRole('menuitem', { name: esShared('Visit'), exact: true }).click();
        dialog = page.getByRole('dialog');
        await choose(page, dialog, es('enrollments', 'series'), demo.course);
        await choose(page, dialog, es('enrollments', 'noteType'), es('enrollments', 'noteTypeNote'));
        await field(dialog, es('enrollments', 'note')).fill('Hablamos de la primera lección en el porche.');
        expect(await englishLeftOn(page)).toEqual([]);
        await dialog.getByRole('button', { name: es('common', 'save') }).click();
        await expectToast(page, esShared('Visit created successfully.'));
        detail = await enrollmentOf(page, enrollment.id);
        expect(detail.visits).toHaveLength(1);
        expect(detail.visits[0]!.notes.map((note) => note.text)).toEqual(['Hablamos de la primera lección en el porche.']);

        // The dashboard.
        await page.goto('/');
        await page.getByRole('heading', { name: es('dashboard', 'title') }).waitFor();
        await page.getByText(es('dashboard', 'followupTitle')).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await englishLeftOn(page)).toEqual([]);
      },
      { locale: 'es-US' },
    ));

  it('a coordinator at a desk chooses Español in My Account, reads a report and exports it with Spanish headings', () =>
    journey(browser, 'desktop', 'spanish-coordinator', async (page) => {
      // The browser reads English: the person's own choice is what turns the product to Spanish.
      await signIn(page, 'conference.admin@demo.test');
      try {
        await page.goto('/account/my-account');
        await page.getByRole('radio', { name: 'Español' }).check();
        await page.getByRole('heading', { name: es('account', 'language') }).waitFor();
        await expectToast(page, esShared('Updated successfully.'));
        expect(await page.locator('html').getAttribute('lang')).toBe('es-US');
        expect((await call<{ language: string | null }>(page, 'GET', '/api/users/current')).language).toBe('es');

        await page.goto('/reports');
        await page.getByRole('heading', { name: es('reports', 'title') }).first().waitFor();
        await choose(page, page, es('reports', 'report'), esShared('Decisions'));
        await choose(page, page, es('reports', 'period'), es('reports', 'thisYear'));
        await choose(page, page, es('reports', 'groupBy'), es('reports', 'school'));
        await expect.poll(() => new URL(page.url()).search).toBe('?report=decisions&group=school&period=this-year');
        await page.getByRole('columnheader', { name: es('reports', 'columnDecisions') }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await englishLeftOn(page)).toEqual([]);

        const [csv] = await Promise.all([
          page.waitForEvent('download', { timeout: 60_000 }),
          page.getByRole('button', { name: es('components', 'exportAs', { format: 'CSV' }) }).click(),
        ]);
        const lines = readFileSync(await csv.path(), 'utf8').trim().split('\n');
        expect(lines[0]).toBe(
          [es('exports', 'school'), es('exports', 'measure.decisions'), es('exports', 'measure.students')].join(','),
        );
        expect(lines.at(-1)).toMatch(/^Total,\d+,\d+$/);
      } finally {
        // The demo account goes back to its browser's language for the other journeys.
        await call(page, 'PATCH', '/api/users/update_current', { language: null });
      }
    }));
});
