import type { EnrollmentDetail } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import type { Page } from 'playwright-core';
import { type RecordIds, sweptPages, type SweptPage, urlOf } from './axe-pages.ts';
import { call, tag } from './records.ts';

/** The name that made a phone's page 620 px wide (issue 25), with a hyphen a line may break at. */
const instructorWord = 'Christopherson-Wolfeschlegelsteinhausenbergerdorff';
/** A word with no place to break at all: the worst a name or a title can be. */
const unbroken = 'Wolfeschlegelsteinhausenbergerdorff';

/** `word` repeated to exactly 100 characters after `start`, which tells the names apart. */
const hundred = (word: string, start = '') => (start + word.repeat(Math.ceil(100 / word.length))).slice(0, 100);

/**
 * A school, its head school admin and instructor, a course (offered at the school, with a lesson,
 * a decision and a product) and a seminar (held by the school, with a presentation), and a student
 * of that school and instructor enrolled in both: every name and title 100 characters long, made
 * through the API as a global admin. Each enrollment's one visit was in 2000, so that the
 * dashboard's follow-up list, oldest first, opens with them. Also the version of the student's creation.
 */
export async function longNameRecords(page: Page): Promise<RecordIds> {
  const run = tag();
  const { conferences } = await call<{ conferences: { id: number }[] }>(page, 'GET', '/api/conferences');
  const school = await call<{ id: number }>(page, 'POST', '/api/schools', {
    school_code: `L${run}`,
    church_name: hundred(unbroken, 'Church'),
    conference_id: conferences[0]!.id,
  });
  const instructor = await call<{ id: number }>(page, 'POST', '/api/users', {
    first_name: hundred(instructorWord),
    last_name: hundred(instructorWord, 'Last'),
    email: `long.${run}@example.test`,
    roles: [
      { role_type: 'instructor', organization_id: school.id },
      { role_type: 'school_admin', organization_id: school.id },
    ],
  });
  // A school takes new students once it has a head school admin.
  await call(page, 'PUT', `/api/schools/${school.id}`, { head_school_admin_id: instructor.id });
  const series = async (type: 'Course' | 'Seminar', episode: string) => {
    const made = await call<{ id: number }>(page, 'POST', '/api/series', {
      type,
      name: hundred(unbroken, type),
      ...(type === 'Seminar' ? { school_id: school.id } : {}),
    });
    await call(page, 'PUT', `/api/series/${made.id}`, {
      episodes: [{ name: hundred(unbroken, episode) }],
      decision_options: [{ name: hundred(unbroken, 'Decision') }],
      products: [{ name: hundred(unbroken, 'Product'), default_price: 1 }],
    });
    return made.id;
  };
  const course = await series('Course', 'Lesson');
  await call(page, 'POST', '/api/series_offered', { series_id: course, school_id: school.id });
  const seminar = await series('Seminar', 'Presentation');
  const student = await call<Student>(page, 'POST', '/api/students', {
    first_name: hundred(unbroken, 'First'),
    last_name: hundred(unbroken, `Last${run}`),
    address: hundred(unbroken, 'Street'),
    city: 'Lansing',
    state: 'MI',
    zip_code: '48911',
    country: 'United States',
    school_id: school.id,
    instructor_id: instructor.id,
  });
  const enroll = async (seriesId: number) => {
    const enrollment = await call<EnrollmentDetail>(page, 'POST', '/api/enrollments', {
      student_id: student.id,
      series_id: seriesId,
    });
    await call(page, 'PUT', `/api/enrollments/${enrollment.id}`, { visits_attributes: [{ date: '2000-01-03' }] });
    return String(enrollment.id);
  };
  const { versions } = await call<{ versions: { id: number }[] }>(
    page,
    'GET',
    `/api/versions?per_page=1&item_type=Student&item_id=${student.id}&event=create`,
  );
  return {
    school: String(school.id),
    user: String(instructor.id),
    course: String(course),
    seminar: String(seminar),
    student: String(student.id),
    courseEnrollment: await enroll(course),
    seminarEnrollment: await enroll(seminar),
    version: String(versions[0]!.id),
  };
}

/** The pages that show the long-name records: the dashboard, their students list and every tab of their own pages. */
const showingThem = new Set(['dashboard', 'students', 'student', 'course-enrollment', 'seminar-enrollment', 'instructor', 'course', 'school', 'seminar', 'version']);

export const longNamePages = (): SweptPage[] => sweptPages().filter(({ page }) => showingThem.has(page.id));

/** A page's address with the long-name records; the students list narrowed to their school. */
export const longNameUrl = (swept: SweptPage, ids: RecordIds): string =>
  swept.page.id === 'students' ? `/students?school_id_eq=${ids.school}` : urlOf(swept, ids);
