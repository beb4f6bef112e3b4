import type { StudentListResponse } from '@srs/shared/students';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launch, newPage, signIn, type ViewportName } from './support/browser.ts';
import { api } from './support/session.ts';

async function aStudentWithEnrollment(page: Page) {
  const { students } = await api<StudentListResponse>(page, '/api/students?per_page=50&sortBy=name');
  const student = students.find((s) => s.course_enrollments.length + s.seminar_enrollments.length > 0);
  if (!student) throw new Error('no student with an enrollment');
  const enrollment = [...student.course_enrollments, ...student.seminar_enrollments][0]!;
  return { student, registrationNumber: enrollment.registration_number };
}

async function search(page: Page, viewport: ViewportName, text: string) {
  if (viewport === 'phone') {
    if (!page.url().includes('/students')) await page.goto('/students');
    const box = page.getByRole('search', { name: 'Student search' }).getByLabel('Search students');
    await box.fill(text);
    await box.press('Enter');
  } else {
    const box = page.getByRole('search', { name: 'Student search' }).getByLabel('Search students');
    await box.fill(text);
    await box.press('Enter');
  }
}

describe.each(['desktop', 'phone'] as ViewportName[])('finding and opening students (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser.close());

  it('finds a student by name and opens the student', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'instructor@demo.test');
      const { student } = await aStudentWithEnrollment(page);
      await search(page, viewport, `${student.first_name} ${student.last_name}`);
      await page.waitForURL((url) => url.pathname === '/students');
      const link = page.getByRole('link', { name: new RegExp(`${student.first_name}.*${student.last_name}`) }).first();
      await link.waitFor();
      await link.click();
      await page.waitForURL((url) => url.pathname.startsWith(`/students/${student.id}`));
      await page.getByText(student.last_name).first().waitFor();
      for (const tab of ['Overview', 'Profile', 'Courses', 'Seminars']) {
        await page.getByRole('tab', { name: tab }).first().waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('finds a student by registration number', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'instructor@demo.test');
      const { student, registrationNumber } = await aStudentWithEnrollment(page);
      await search(page, viewport, registrationNumber);
      if (viewport === 'desktop') {
        // Exactly one match opens the profile directly (SPEC section 2).
        await page.waitForURL((url) => url.pathname === `/students/${student.id}/profile`);
      } else {
        await page
          .getByRole('link', { name: new RegExp(student.last_name) })
          .first()
          .waitFor();
      }
      await page.getByText(student.last_name).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows the student list with its columns and the empty message', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'school.admin@demo.test', 'demo-password', '/login');
      await page.goto('/students');
      if (viewport === 'desktop') {
        for (const column of ['NAME', 'ENROLLMENTS', 'ADDRESS', 'CREATED', 'INSTRUCTOR', 'SCHOOL']) {
          await page
            .getByRole('columnheader', { name: new RegExp(column, 'i') })
            .first()
            .waitFor();
        }
      }
      await page.goto('/students?studentsQuery=zzqxnobody');
      await page.getByText('No students found.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows My Dashboard with real data', async () => {
    const { context, page } = await newPage(browser, viewport);
    try {
      await signIn(page, 'school.admin@demo.test');
      await page.getByRole('heading', { name: 'My Dashboard' }).waitFor();
      await page.getByText('Students needing follow-up').first().waitFor();
      if (viewport === 'desktop') {
        await page.getByRole('heading', { name: 'Instructors' }).waitFor();
      } else {
        await page
          .getByRole('link', { name: /Follow-up/ })
          .first()
          .waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
