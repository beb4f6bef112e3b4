import type { SchoolCreateInput, SchoolDetail } from '@srs/shared/schools';

/** What the school form holds: every field as text (empty = none), the conference as a Select's value. */
export type SchoolFormValues = {
  school_code: string;
  church_name: string;
  conference_id: string;
  active: boolean;
  school_address: string;
  school_address_2: string;
  school_city: string;
  school_state: string;
  school_zip_code: string;
  school_country: string;
  church_address: string;
  church_address_2: string;
  church_city: string;
  church_state: string;
  church_zip_code: string;
  church_country: string;
};
export type SchoolFieldName = keyof SchoolFormValues;

export const addressParts = ['address', 'address_2', 'city', 'state', 'zip_code', 'country'] as const;
/** Each part's label in the schools' catalogue (Address, Address 2, City, State, Zip code, Country). */
export const addressLabelKeys = {
  address: 'address',
  address_2: 'address2',
  city: 'city',
  state: 'state',
  zip_code: 'zipCode',
  country: 'country',
} as const satisfies Record<(typeof addressParts)[number], string>;

export const emptySchoolValues: SchoolFormValues = {
  school_code: '',
  church_name: '',
  conference_id: '',
  active: true,
  school_address: '',
  school_address_2: '',
  school_city: '',
  school_state: '',
  school_zip_code: '',
  school_country: 'United States',
  church_address: '',
  church_address_2: '',
  church_city: '',
  church_state: '',
  church_zip_code: '',
  church_country: 'United States',
};

export function schoolFormValuesOf(school: SchoolDetail): SchoolFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    school_code: school.school_code,
    church_name: school.church_name,
    conference_id: String(school.conference.id),
    active: school.active,
    school_address: text(school.school_address),
    school_address_2: text(school.school_address_2),
    school_city: text(school.school_city),
    school_state: text(school.school_state),
    school_zip_code: text(school.school_zip_code),
    school_country: text(school.school_country),
    church_address: text(school.church_address),
    church_address_2: text(school.church_address_2),
    church_city: text(school.church_city),
    church_state: text(school.church_state),
    church_zip_code: text(school.church_zip_code),
    church_country: text(school.church_country),
  };
}

/** The request body of the form: empty texts are sent as null, the conference as its id. */
export function schoolBodyOf(values: SchoolFormValues): SchoolCreateInput {
  const { conference_id, active, ...texts } = values;
  const body = Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, value.trim() === '' ? null : value]));
  return {
    ...(body as Omit<SchoolCreateInput, 'conference_id' | 'active'>),
    school_code: values.school_code,
    church_name: values.church_name,
    conference_id: conference_id === '' ? (undefined as unknown as number) : Number(conference_id),
    active,
  };
}

/** 'Field name message' of SPEC section 8, on the field itself: 'has already been taken'. */
export function schoolFieldErrors(body: unknown): Partial<Record<SchoolFieldName, string>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const errors: Partial<Record<SchoolFieldName, string>> = {};
  for (const [field, messages] of Object.entries(body as Record<string, unknown>)) {
    if (field in emptySchoolValues && Array.isArray(messages) && typeof messages[0] === 'string') {
      errors[field as SchoolFieldName] = messages[0];
    }
  }
  return errors;
}
