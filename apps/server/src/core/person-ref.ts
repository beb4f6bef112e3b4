import type { PersonRef } from '@srs/shared/common';

/** A person from a left join's columns: null when the join found nobody; a missing name reads as empty. */
export function personRef(id: number | null, firstName: string | null, lastName: string | null): PersonRef | null {
  return id === null ? null : { id, first_name: firstName ?? '', last_name: lastName ?? '' };
}
