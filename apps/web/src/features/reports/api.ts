import { reportEndpoints } from '@srs/shared/endpoints/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { reportKeys } from '../../lib/query-keys.ts';

export const followupReportQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: reportKeys.followup(query),
    queryFn: ({ signal }) => call(reportEndpoints.followup, { query, signal }),
    placeholderData: keepPreviousData,
  });
