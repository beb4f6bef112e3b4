import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { addToStudent, call, choose, demo, expectToast, fillDate, tag, todayIso } from './support/records.ts';

type Episodes = { episodes: { name: string; position: number }[] };

describe.each(['desktop', 'phone'] as ViewportName[])('the course catalogue (%s)', (viewport) => {
  const phone = viewport === 'phone';
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('a global admin creates a course with lessons and a decision option; a school offering it uses them', () =>
    journey(browser, viewport, 'course-catalogue', async (page) => {
      const t = tag();
      const course = `Course ${t}`;
      const [first, second, option] = [`Opening ${t}`, `Second ${t}`, `Decided ${t}`];
      await signIn(page, 'global.admin@demo.test');
      await page.goto('/courses');
      await page.getByRole('button', { name: 'New course' }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill(course);
      await page.getByRole('button', { name: 'Create course' }).click();
      await expectToast(page, 'Course created successfully.');
      await page.waitForURL(/\/courses\/\d+\/lessons$/);
      const courseId = Number(/\/courses\/(\d+)\//.exec(page.url())?.[1]);

      // Two lessons typed in the wrong order, put right with the move buttons (a thumb can press them).
      const lessonNames = page.getByRole('textbox', { name: /^Lesson name/ });
      await page.getByRole('button', { name: 'Add a lesson' }).click();
      await lessonNames.last().fill(second);
      await page.getByRole('button', { name: 'Add a lesson' }).click();
      await lessonNames.last().fill(first);
      const moveUp = page.getByRole('button', { name: `Move "${first}" up` });
      if (phone) expect((await moveUp.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await moveUp.click();
      await page.getByRole('button', { name: 'Save lessons' }).click();
      await expectToast(page, 'Updated successfully.');
      const saved = await call<Episodes>(page, 'GET', `/api/series/${courseId}/episodes`);
      expect(saved.episodes.map((e) => [e.position, e.name])).toEqual([
        [1, first],
        [2, second],
      ]);

      await page.getByRole('tab', { name: 'Decisions' }).click();
      await page.getByRole('button', { name: 'Add a decision option' }).click();
      await page.getByRole('textbox', { name: /^Decision option name/ }).last().fill(option);
      await page.getByRole('button', { name: 'Save decision options' }).click();
      await expectToast(page, 'Updated successfully.');

      // School 101 offers it (the schools' own page does this; here by the API).
      const { schools } = await call<{ schools: { id: number; school_code: string }[] }>(
        page,
        'GET',
        '/api/schools/simple_list',
      );
      const school = schools.find((s) => s.school_code === demo.schoolCode)!;
      await call(page, 'POST', '/api/series_offered', { series_id: courseId, school_id: school.id });

      // Its head school admin enrolls a student and finds the new lesson and option in the forms.
      const { page: admin } = await newPage(browser, viewport);
      await signIn(admin, 'school.admin@demo.test');
      const student = await call<{ id: number }>(admin, 'POST', '/api/students', {
        first_name: 'Cora',
        last_name: `Catalogue${t}`,
        address: '12 Elm Street',
        city: 'Lansing',
        state: 'MI',
        zip_code: '48911',
        country: 'United States',
        school_id: school.id,
      });
      await call(admin, 'POST', '/api/enrollments', { student_id: student.id, series_id: courseId });
      await admin.goto(`/students/${student.id}/overview`);
      let dialog = await addToStudent(admin, 'Lesson');
      await choose(admin, dialog, 'Course', course);
      await choose(admin, dialog, 'Lesson', `1. ${first}`);
      await fillDate(dialog, 'Sent date', todayIso());
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(admin, 'Updated successfully.');

      dialog = await addToStudent(admin, 'Decision');
      await choose(admin, dialog, 'Series', course);
      await choose(admin, dialog, 'Lesson', `1. ${first}`);
      await dialog.getByRole('checkbox', { name: option }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(admin, 'Decisions updated successfully.');
      await admin.context().close();
    }));
});
