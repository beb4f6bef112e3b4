import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journey, launch, signIn, type ViewportName } from './support/browser.ts';
import { call, demo, expectToast, field, studentInCourse, tag } from './support/records.ts';

type StudentEnrollments = {
  course_enrollments: { id: number; series_name: string }[];
  seminar_enrollments: { id: number; series_name: string }[];
};

const seminar = 'Revelation of Hope Seminar';
const otherCourse = 'Focus on Prophecy';
const enrollmentUrl = (studentId: number, kind: 'courses' | 'seminars', tab: 'lessons' | 'presentations') =>
  new RegExp(`/students/${studentId}/${kind}/enrollments/(\\d+)/${tab}$`);

async function enrollmentIdOf(page: Page, pattern: RegExp): Promise<number> {
  await page.waitForURL(pattern);
  return Number(pattern.exec(new URL(page.url()).pathname)?.[1]);
}

describe.each(['desktop', 'phone'] as ViewportName[])('enrolling a student who already exists (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('enrolls from the courses tab and from Quick Add, and refuses a second enrollment with a link to the first', () =>
    journey(browser, viewport, 'enroll-existing-student', async (page) => {
      // An instructor, as on a home visit: the student exists and follows the demo course.
      await signIn(page, 'instructor@demo.test');
      const { student, enrollment: first } = await studentInCourse(page, 'Ezra', `Enrolls${tag()}`);
      await page.goto(`/students/${student.id}/courses`);

      // The courses tab: the demo course says it is taken; choosing it refuses, with a link to it.
      await page.getByRole('button', { name: 'Enroll in a course' }).click();
      let dialog = page.getByRole('dialog', { name: 'Enroll in a course' });
      await dialog.getByRole('radio', { name: demo.course }).click();
      const refusal = dialog.getByRole('alert');
      await expect.poll(() => refusal.innerText()).toContain(`is already enrolled in ${demo.course}`);
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      await page.keyboard.press('Escape');

      // Two taps: the course the tab offers, then Save; the new enrollment opens on its lessons tab.
      await page.getByRole('button', { name: `Enroll in ${otherCourse}` }).click();
      dialog = page.getByRole('dialog', { name: 'Enroll in a course' });
      expect(await dialog.getByRole('radio', { name: otherCourse }).isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Enrollment created successfully.');
      const courseId = await enrollmentIdOf(page, enrollmentUrl(student.id, 'courses', 'lessons'));
      expect(courseId).not.toBe(first.id);
      // The new enrollment's page is drawn (the URL changes before the page does, and the student's
      // courses tab also says 'No lesson sent yet'): drawing it is a route change, which closes Quick Add.
      const created = await call<{ registration_number: string }>(page, 'GET', `/api/enrollments/${courseId}`);
      await page.getByText(`Registration number ${created.registration_number}`, { exact: true }).waitFor();

      // Quick Add, with the open student chosen: a seminar.
      await page.getByRole('button', { name: 'Quick Add' }).click();
      await page.getByRole('button', { name: 'Enroll in a course or seminar' }).click();
      dialog = page.getByRole('dialog', { name: 'Enroll in a course or seminar' });
      await expect.poll(() => field(dialog, 'Student').inputValue()).toContain('Ezra');
      await dialog.getByRole('radio', { name: seminar }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Enrollment created successfully.');
      const seminarId = await enrollmentIdOf(page, enrollmentUrl(student.id, 'seminars', 'presentations'));

      const saved = await call<StudentEnrollments>(page, 'GET', `/api/students/${student.id}`);
      expect(saved.course_enrollments.map((e) => e.series_name).sort()).toEqual([demo.course, otherCourse].sort());
      expect(saved.seminar_enrollments.map((e) => e.id)).toEqual([seminarId]);

      // The seminars tab refuses the same seminar again, and its link leads to the enrollment there is.
      await page.goto(`/students/${student.id}/seminars`);
      await page.getByRole('button', { name: 'Enroll in a seminar' }).click();
      dialog = page.getByRole('dialog', { name: 'Enroll in a seminar' });
      await dialog.getByRole('radio', { name: seminar }).click();
      await dialog.getByRole('link', { name: 'Open that enrollment' }).click();
      expect(await enrollmentIdOf(page, enrollmentUrl(student.id, 'seminars', 'presentations'))).toBe(seminarId);
    }));
});
