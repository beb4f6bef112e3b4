import { userEndpoints } from '@srs/shared/endpoints/users';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http.ts';
import { userKeys } from '../query-keys.ts';

/** The staff a student can be shared with (GET /users/share). */
export const shareUsersQuery = (query = '') =>
  queryOptions({
    queryKey: userKeys.share(query),
    queryFn: ({ signal }) => call(userEndpoints.share, { query: { query }, signal }),
    staleTime: 60_000,
  });

/** Staff as select options: the id as value, the full name as label. */
export function userSelectData(users: readonly { id: number; first_name: string; last_name: string }[] | undefined) {
  return (users ?? []).map((user) => ({ value: String(user.id), label: `${user.first_name} ${user.last_name}` }));
}
