import type { ShareUsersResponse } from '@srs/shared/users';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http.ts';

/** The staff a student can be shared with (GET /users/share). */
export const shareUsersQuery = (query = '') =>
  queryOptions({
    queryKey: ['users', 'share', query],
    queryFn: ({ signal }) => http.get<ShareUsersResponse>('/users/share', { query: { query }, signal }),
    staleTime: 60_000,
  });
