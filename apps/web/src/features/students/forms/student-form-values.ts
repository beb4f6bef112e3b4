import { humanize } from '@srs/shared/messages';
import type { Student, StudentFields, StudentFieldsInput, mailingOptions } from '@srs/shared/students';
import type { Control } from 'react-hook-form';
import { sharedText } from '../../../i18n/shared.ts';
import { defaultCountry } from '../../../lib/lookups/geo.ts';

/** What the student form's inputs hold: text everywhere, the mailing option as its key. */
export type StudentFormValues = {
  first_name: string;
  middle_name: string;
  last_name: string;
  address: string;
  address_2: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
  email: string;
  phone: string;
  social_media: string;
  include_in_mailing_list: (typeof mailingOptions)[number];
} & StudentFieldsInput;

export type StudentFieldName = keyof StudentFormValues;

/** The form's control: typed text in, the schema's output (trimmed, empty as null) out. */
export type StudentFormControl = Control<StudentFormValues, unknown, StudentFields>;

export const studentFieldNames: readonly StudentFieldName[] = [
  'first_name',
  'middle_name',
  'last_name',
  'address',
  'address_2',
  'city',
  'state',
  'country',
  'zip_code',
  'email',
  'phone',
  'social_media',
  'include_in_mailing_list',
];

/** SPEC section 5: the country defaults to United States, the mailing option to if_address_valid. */
export function emptyStudentValues(): StudentFormValues {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    address: '',
    address_2: '',
    city: '',
    state: '',
    country: defaultCountry,
    zip_code: '',
    email: '',
    phone: '',
    social_media: '',
    include_in_mailing_list: 'if_address_valid',
  };
}

/** The profile edit starts from the student as saved. */
export function studentFormValuesOf(student: Student): StudentFormValues {
  return {
    first_name: student.first_name,
    middle_name: student.middle_name ?? '',
    last_name: student.last_name,
    address: student.address ?? '',
    address_2: student.address_2 ?? '',
    city: student.city ?? '',
    state: student.state ?? '',
    country: student.country ?? '',
    zip_code: student.zip_code ?? '',
    email: student.email ?? '',
    phone: student.phone ?? '',
    social_media: student.social_media ?? '',
    include_in_mailing_list: student.include_in_mailing_list,
  };
}

function capitalise(word: string): string {
  // Only the first letter: the rest stays as typed, so 'McDonald' keeps its capital D.
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}

/**
 * SPEC section 4, wizard prefill: the first word of the search is the first name, the middle
 * words the middle name, the last word the last name, each capitalised. A one-word search is
 * taken as the first name only (docs/decisions.md): the last name is left for the user.
 */
export function namesFromSearch(text: string | null | undefined): Pick<
  StudentFormValues,
  'first_name' | 'middle_name' | 'last_name'
> {
  const words = (text ?? '').split(/\s+/).filter(Boolean).map(capitalise);
  const first = words[0] ?? '';
  if (words.length < 2) return { first_name: first, middle_name: '', last_name: '' };
  return { first_name: first, middle_name: words.slice(1, -1).join(' '), last_name: words.at(-1) ?? '' };
}

/** The words of a name search, as GET /students takes them (full_name_i_cont_all[]). */
export function searchWordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * A field message as the form shows it. SPEC's own sentences ('This field is required') stand
 * alone; the schema's and the server's fragments ('is not a valid email address') get the field
 * name in front, as SPEC section 8 builds them.
 */
export function fieldMessage(field: string, message: string): string {
  // In the language of the moment: the field's name and the schema's words from shared's Spanish
  // (the server's own words come already in the person's language, and stay as they came).
  return /^[a-z]/.test(message) ? `${sharedText(humanize(field))} ${sharedText(message)}` : sharedText(message);
}

/** The messages of a 422 body of field → messages whose fields are on the student form. */
export function studentFieldErrors(body: unknown): Partial<Record<StudentFieldName, string>> {
  const errors: Partial<Record<StudentFieldName, string>> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return errors;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (!(studentFieldNames as readonly string[]).includes(field)) continue;
    const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
    if (text !== '') errors[field as StudentFieldName] = fieldMessage(field, text);
  }
  return errors;
}
