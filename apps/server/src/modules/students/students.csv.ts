import type { Student } from '@srs/shared/students';
import type { CsvColumn } from '../../core/csv.ts';

const enrollmentText = (student: Student) =>
  [...student.course_enrollments, ...student.seminar_enrollments]
    .map(
      (e) =>
        `${e.series_name} #${e.registration_number} (${e.status}${e.series_type === 'Course' ? `, lesson ${e.lesson_number}` : ''})`,
    )
    .join('; ');

export const studentCsvColumns: CsvColumn<Student>[] = [
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
