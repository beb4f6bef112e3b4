import type { UserItem, UserListResponse } from '@srs/shared/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';

export const defaultInstructorSort = 'name';

export const instructorsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['users', 'instructors', query],
    queryFn: ({ signal }) => http.get<UserListResponse>('/users', { query: { ...query, role: 'instructor' }, signal }),
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
