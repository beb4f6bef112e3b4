import type { InterestListResponse } from '@srs/shared/interests';
import { queryOptions } from '@tanstack/react-query';
import { http, type QueryParams } from '../../lib/http.ts';

export const interestsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['interests', 'list', query],
    queryFn: ({ signal }) => http.get<InterestListResponse>('/interests', { query, signal }),
  });
