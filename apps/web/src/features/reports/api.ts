import { periodReportEndpoints, reportEndpoints } from '@srs/shared/endpoints/reports';
import type { PeriodReportKind } from '@srs/shared/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { reportKeys } from '../../lib/query-keys.ts';

export const followupReportQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: reportKeys.followup(query),
    queryFn: ({ signal }) => call(reportEndpoints.followup, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** A report over a period (GET /reports/{kind}); the last answer stays on screen while the next loads. */
export const periodReportQuery = (kind: PeriodReportKind, query: QueryParams) =>
  queryOptions({
    queryKey: reportKeys.period(kind, query),
    queryFn: ({ signal }) => call(periodReportEndpoints[kind], { query, signal }),
    placeholderData: keepPreviousData,
  });
