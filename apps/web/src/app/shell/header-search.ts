import { studentEndpoints } from '@srs/shared/endpoints/students';
import { registrationNumberMaxDigits, type StudentListResponse } from '@srs/shared/students';
import { call } from '../../lib/http.ts';
import { pages } from '../../lib/site-map/pages.ts';
import { studentPath } from '../../lib/site-map/paths.ts';

export type RegistrationLookup = (registrationNumber: string) => Promise<Pick<StudentListResponse, 'students'>>;

/** SPEC section 9: the registration-number lookup asks for 2 results, to tell whether exactly one matches. */
export const lookupRegistrationNumber: RegistrationLookup = (registrationNumber) =>
  call(studentEndpoints.list, {
    query: { enrollments_registration_number_eq: registrationNumber, per_page: 2 },
  });

export function isAllDigits(text: string): boolean {
  return /^\d+$/.test(text);
}

export function studentsSearchPath(text: string): string {
  return `${pages.students.path}?${new URLSearchParams({ studentsQuery: text }).toString()}`;
}

/** Digits that could be a registration number: longer ones match none, so they skip the lookup. */
export function couldBeRegistrationNumber(text: string): boolean {
  return isAllDigits(text) && text.length <= registrationNumberMaxDigits;
}

/**
 * Where the header student search goes (SPEC section 2): an all-digit query that matches exactly
 * one registration number opens that student's profile; anything else opens the list.
 */
export async function headerSearchTarget(query: string, lookup: RegistrationLookup): Promise<string | null> {
  const text = query.trim();
  if (text === '') return null;
  if (couldBeRegistrationNumber(text)) {
    try {
      const { students } = await lookup(text);
      const [only] = students;
      if (students.length === 1 && only) return studentPath(only.id, 'profile');
    } catch {
      // The shared handler has shown the error; the list search still helps.
    }
  }
  return studentsSearchPath(text);
}
