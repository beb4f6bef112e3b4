import type { EnrollmentDetail } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import type { Locator, Page } from 'playwright-core';

/** A short tag that keeps each journey's people apart in one shared database. */
export const tag = () => Math.random().toString(36).slice(2, 8);

/** The same, of letters only: for names, which keep to what the form accepts. */
export const letterTag = () => tag().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);

/** Today in the browser's and the server's zone (one machine) as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Any API call as the signed-in page would make it, with the session token from localStorage 'tk'. */
export async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('tk'));
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** Demo school 101 (Riverside Community Church) and its priority course (DOMAIN.md demo data). */
export const demo = { schoolCode: '101', course: 'Discover Bible Guides' } as const;

/** A fresh student of school 101 enrolled in the demo course, made through the API as the signed-in user. */
export async function studentInCourse(page: Page, firstName: string, lastName: string) {
  const { schools } = await call<{ schools: { id: number; school_code: string }[] }>(page, 'GET', '/api/schools/simple_list');
  const school = schools.find((s) => s.school_code === demo.schoolCode);
  if (!school) throw new Error('school 101 is not visible');
  const { series } = await call<{ series: { id: number; name: string }[] }>(
    page,
    'GET',
    `/api/series/simple_list?type=Course&school_id=${school.id}`,
  );
  const course = series.find((s) => s.name === demo.course);
  if (!course) throw new Error(`${demo.course} is not offered`);
  const student = await call<Student>(page, 'POST', '/api/students', {
    first_name: firstName,
    last_name: lastName,
    address: '12 Elm Street',
    city: 'Lansing',
    state: 'MI',
    zip_code: '48911',
    country: 'United States',
    school_id: school.id,
  });
  const enrollment = await call<EnrollmentDetail>(page, 'POST', '/api/enrollments', {
    student_id: student.id,
    series_id: course.id,
  });
  return { student, enrollment, course };
}

export const enrollmentOf = (page: Page, id: number) => call<EnrollmentDetail>(page, 'GET', `/api/enrollments/${id}`);

/** A form field by its label, which carries ' *' when the field is required (not a select's option list). */
export const field = (scope: Page | Locator, label: string) =>
  scope
    .getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`))
    .and(scope.locator('input, textarea, select'));

/** Chooses an option of a Mantine select (searchable or not) by its label. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  const input = field(scope, label);
  await input.waitFor();
  // Clicking the chosen option again would clear it (Mantine's allowDeselect).
  const current = await input.inputValue();
  if (typeof option === 'string' ? current.startsWith(option) : option.test(current)) return;
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Types a date into the app's date input: MM/DD/YYYY on a desk, the native date input on a phone (SPEC section 5). */
export async function fillDate(scope: Page | Locator, label: string, iso: string) {
  const input = field(scope, label);
  if ((await input.getAttribute('type')) === 'date') {
    await input.fill(iso);
    return;
  }
  await input.fill(usDate(iso));
  await input.press('Tab');
}

/** The student quick-add menu of a student or enrollment page (SPEC section 2, five entries). */
export async function addToStudent(page: Page, entry: 'Lesson' | 'Visit' | 'Note' | 'Decision' | 'Product') {
  await page.getByRole('button', { name: 'Add to student' }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  return page.getByRole('dialog');
}

export async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}
