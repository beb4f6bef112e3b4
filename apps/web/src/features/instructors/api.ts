import { userEndpoints } from '@srs/shared/endpoints/users';
import type { UserItem } from '@srs/shared/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { userKeys } from '../../lib/query-keys.ts';

export const defaultInstructorSort = 'name';

export const instructorsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: userKeys.instructors(query),
    queryFn: ({ signal }) => call(userEndpoints.list, { query: { ...query, role: 'instructor' }, signal }),
    placeholderData: keepPreviousData,
  });

export function instructorName(user: Pick<UserItem, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`;
}

/** The schools (or conferences) an instructor user works in, from their roles. */
export function instructorSchools(user: UserItem): string {
  const names = user.roles
    .filter((role) => role.role_type === 'instructor' && role.organization_name)
    .map((role) => role.organization_name);
  return [...new Set(names)].join(', ') || '-';
}
