import { interestEndpoints } from '@srs/shared/endpoints/interests';
import { queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { interestKeys } from '../../lib/query-keys.ts';

export const interestsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: interestKeys.list(query),
    queryFn: ({ signal }) => call(interestEndpoints.list, { query, signal }),
  });
