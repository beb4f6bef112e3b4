import type { Student } from '@srs/shared/students';

type Named = { first_name: string; middle_name?: string | null; last_name: string };

export function fullName(person: Named | null | undefined): string {
  if (!person) return '-';
  return [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(' ');
}

/** '(#code) church name' (SPEC section 2, Student search list). */
export function schoolLabel(school: Student['school'] | null | undefined): string {
  return school ? `(#${school.school_code}) ${school.church_name}` : '-';
}

export function addressLines(student: Student): string[] {
  const place = [student.city, [student.state, student.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    student.address,
    student.address_2,
    place,
    student.country === 'United States' ? null : student.country,
  ].filter((line): line is string => Boolean(line));
}

export { mailingOptionLabels } from '@srs/shared/students';
