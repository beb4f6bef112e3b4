import { FollowupReportQuery, ReportResponse } from '../reports.ts';
import { endpoint } from './define.ts';

export const reportEndpoints = {
  followup: endpoint({ method: 'GET', path: '/reports/followup', query: FollowupReportQuery, response: ReportResponse }),
};
