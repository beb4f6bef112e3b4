import { interestTrackingEndpoints } from '@srs/shared/endpoints/interest-tracking';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { interestKeys } from '../../lib/query-keys.ts';

/** The funnel and the unworked interests (GET /interests/tracking); the last answer stays on screen while the next loads. */
export const interestTrackingQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: interestKeys.tracking(query),
    queryFn: ({ signal }) => call(interestTrackingEndpoints.tracking, { query, signal }),
    placeholderData: keepPreviousData,
  });
