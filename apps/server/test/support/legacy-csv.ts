import type { School } from '@srs/shared/schools';
import type { Student } from '@srs/shared/students';
import type { UserItem } from '@srs/shared/users';
import { stringify } from 'csv-stringify/sync';

/**
 * The exports as they were written before they streamed from the database: each column a
 * function of the list's JSON, the formula rule, csv-stringify. The streamed exports must print
 * exactly these bytes for the same rows.
 */
type Column<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined };

export function legacyCsv<T>(columns: Column<T>[], rows: T[]): string {
  const records = rows.map((row) => columns.map((column) => formulaSafe(column.value(row))));
  return stringify([columns.map((column) => column.header), ...records]);
}

function formulaSafe(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
}

const enrollmentText = (student: Student) =>
  [...student.course_enrollments, ...student.seminar_enrollments]
    .map(
      (e) =>
        `${e.series_name} #${e.registration_number} (${e.status}${e.series_type === 'Course' ? `, lesson ${e.lesson_number}` : ''})`,
    )
    .join('; ');

export const legacyStudentColumns: Column<Student>[] = [
  { header: 'First Name', value: (s) => s.first_name },
  { header: 'Middle Name', value: (s) => s.middle_name },
  { header: 'Last Name', value: (s) => s.last_name },
  { header: 'Address', value: (s) => s.address },
  { header: 'Address 2', value: (s) => s.address_2 },
  { header: 'City', value: (s) => s.city },
  { header: 'State', value: (s) => s.state },
  { header: 'Zip Code', value: (s) => s.zip_code },
  { header: 'Country', value: (s) => s.country },
  { header: 'Email', value: (s) => s.email },
  { header: 'Phone', value: (s) => s.phone },
  { header: 'Social Media', value: (s) => s.social_media },
  { header: 'Include In Mailing List', value: (s) => s.include_in_mailing_list },
  { header: 'Created', value: (s) => s.created_at.slice(0, 10) },
  { header: 'Instructor', value: (s) => (s.instructor ? `${s.instructor.first_name} ${s.instructor.last_name}` : '') },
  { header: 'School Code', value: (s) => s.school.school_code },
  { header: 'School', value: (s) => s.school.church_name },
  { header: 'Enrollments', value: enrollmentText },
];

export const legacySchoolColumns: Column<School>[] = [
  { header: 'School Code', value: (s) => s.school_code },
  { header: 'Church Name', value: (s) => s.church_name },
  { header: 'Conference', value: (s) => s.conference.name },
  { header: 'Active', value: (s) => (s.active ? 'Yes' : 'No') },
  { header: 'School Address', value: (s) => s.school_address },
  { header: 'School Address 2', value: (s) => s.school_address_2 },
  { header: 'School City', value: (s) => s.school_city },
  { header: 'School State', value: (s) => s.school_state },
  { header: 'School Zip Code', value: (s) => s.school_zip_code },
  { header: 'School Country', value: (s) => s.school_country },
  { header: 'Church Address', value: (s) => s.church_address },
  { header: 'Church City', value: (s) => s.church_city },
  { header: 'Church State', value: (s) => s.church_state },
  { header: 'Church Zip Code', value: (s) => s.church_zip_code },
  { header: 'Head School Admin', value: (s) => (s.head_school_admin ? 'Yes' : 'No') },
  { header: 'Courses', value: (s) => s.courses.map((c) => c.name).join('; ') },
  { header: 'Students', value: (s) => s.students_count },
];

export const legacyUserColumns: Column<UserItem>[] = [
  { header: 'First Name', value: (u) => u.first_name },
  { header: 'Last Name', value: (u) => u.last_name },
  { header: 'Email', value: (u) => u.email },
  { header: 'Students', value: (u) => u.students_count },
  {
    header: 'Roles',
    value: (u) =>
      u.roles.map((r) => (r.organization_name ? `${r.role_type} (${r.organization_name})` : r.role_type)).join('; '),
  },
];
