import { IdParams, ListQuery } from '../common.ts';
import {
  DecisionsSummaryResponse,
  EnrollmentCreateInput,
  EnrollmentDetail,
  EnrollmentUpdateInput,
  FollowupListResponse,
  TakeAttendanceInput,
  TakeAttendanceResponse,
} from '../enrollments.ts';
import { DueRemindersResponse } from '../reminders.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const enrollmentEndpoints = {
  needingFollowup: endpoint({
    method: 'GET',
    path: '/enrollments/needing_followup',
    query: ListQuery,
    response: FollowupListResponse,
  }),
  remindersDue: endpoint({
    method: 'GET',
    path: '/enrollments/reminders_due',
    query: ListQuery,
    response: DueRemindersResponse,
  }),
  detail: endpoint({ method: 'GET', path: '/enrollments/:id', ...byId, response: EnrollmentDetail }),
  decisionsSummary: endpoint({
    method: 'GET',
    path: '/enrollments/:id/decisions_summary',
    ...byId,
    response: DecisionsSummaryResponse,
  }),
  create: endpoint({ method: 'POST', path: '/enrollments', body: EnrollmentCreateInput, response: EnrollmentDetail }),
  update: endpoint({
    method: 'PUT',
    path: '/enrollments/:id',
    ...byId,
    body: EnrollmentUpdateInput,
    response: EnrollmentDetail,
  }),
  destroy: endpoint({ method: 'DELETE', path: '/enrollments/:id', ...byId, response: null }),
  takeAttendance: endpoint({
    method: 'PUT',
    path: '/enrollments/take_attendance',
    body: TakeAttendanceInput,
    response: TakeAttendanceResponse,
  }),
};
