import { signupEndpoints } from '@srs/shared/endpoints/signup';
import type { SignupFields } from '@srs/shared/signup';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/http.ts';
import { userKeys } from '../../lib/query-keys.ts';

/** Schools a request for an account can name, by name, code, city or zip (public, at least 2 characters). */
export const signupSchoolsQuery = (query: string) =>
  queryOptions({
    queryKey: userKeys.signupSchools(query),
    queryFn: ({ signal }) => call(signupEndpoints.schools, { query: { query }, signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** POST /signup: the answer is the same whatever the email; it never creates an account. */
export function useRequestAccount() {
  return useMutation({ mutationFn: (body: SignupFields) => call(signupEndpoints.request, { body }) });
}
