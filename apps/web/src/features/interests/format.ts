import type { Interest, InterestStatus } from '@srs/shared/interests';

export const statusColors: Record<InterestStatus, string> = {
  new: 'blue',
  assigned: 'grape',
  contacted: 'orange',
  enrolled: 'green',
  closed: 'gray',
};

export const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/** 'Springfield, IL 62701': what is known of where the person lives. */
export function placeOf(interest: Pick<Interest, 'city' | 'state' | 'zip_code'>): string {
  const region = [interest.state, interest.zip_code].filter(Boolean).join(' ');
  return [interest.city, region].filter(Boolean).join(', ');
}

export const schoolName = (school: { school_code: string; church_name: string }) =>
  `${school.church_name} (${school.school_code})`;

/** The address a student needs, as far as the interest has it: what assigning must complete. */
export const addressFields = ['address', 'address_2', 'city', 'state', 'zip_code', 'country'] as const;
export type AddressField = (typeof addressFields)[number];
export const requiredAddressFields: readonly AddressField[] = ['address', 'city', 'state', 'zip_code', 'country'];

export function missingAddress(interest: Pick<Interest, AddressField>): AddressField[] {
  return requiredAddressFields.filter((field) => !interest[field]?.trim());
}
