import {
  FollowupReportQuery,
  type PeriodReportKind,
  periodReportKinds,
  periodReportQuery,
  ReportResponse,
} from '../reports.ts';
import { endpoint } from './define.ts';

const periodEndpoint = (kind: PeriodReportKind) =>
  endpoint({ method: 'GET', path: `/reports/${kind}`, query: periodReportQuery(kind), response: ReportResponse });

/** The reports over a period, one address each: GET /reports/lessons, /reports/decisions… */
export const periodReportEndpoints = Object.fromEntries(
  periodReportKinds.map((kind) => [kind, periodEndpoint(kind)]),
) as Record<PeriodReportKind, ReturnType<typeof periodEndpoint>>;

export const reportEndpoints = {
  followup: endpoint({ method: 'GET', path: '/reports/followup', query: FollowupReportQuery, response: ReportResponse }),
  ...periodReportEndpoints,
};
