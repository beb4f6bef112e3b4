import { IdParams } from '../common.ts';
import {
  AssignSeveralInput,
  AssignSeveralResponse,
  AssignStudentInput,
  AssignStudentResponse,
  AssignStudentsQuery,
  AssignStudentsResponse,
  AttendancesQuery,
  AttendancesResponse,
  ParticipatingSchoolsResponse,
  RecentlyAssignedResponse,
  SeminarStudentsQuery,
  SeminarStudentsResponse,
} from '../seminars.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

/**
 * The seminar-only calls (SPEC section 7). The tickets PDF (GET /series/:id/tickets.pdf) is a
 * download, fetched as a file like the Avery labels, not described here.
 */
export const seminarEndpoints = {
  students: endpoint({
    method: 'GET',
    path: '/series/:id/students',
    ...byId,
    query: SeminarStudentsQuery,
    response: SeminarStudentsResponse,
  }),
  assignStudents: endpoint({
    method: 'GET',
    path: '/series/:id/assign_students',
    ...byId,
    query: AssignStudentsQuery,
    response: AssignStudentsResponse,
  }),
  assignStudent: endpoint({
    method: 'PUT',
    path: '/series/:id/assign_student',
    ...byId,
    body: AssignStudentInput,
    response: AssignStudentResponse,
  }),
  assignSeveral: endpoint({
    method: 'PUT',
    path: '/series/:id/assign_students',
    ...byId,
    body: AssignSeveralInput,
    response: AssignSeveralResponse,
  }),
  recentlyAssigned: endpoint({
    method: 'GET',
    path: '/series/:id/recently_assigned',
    ...byId,
    response: RecentlyAssignedResponse,
  }),
  participatingSchoolsInstructors: endpoint({
    method: 'GET',
    path: '/series/:id/participating_schools_instructors',
    ...byId,
    response: ParticipatingSchoolsResponse,
  }),
  attendances: endpoint({
    method: 'GET',
    path: '/series/:id/attendances',
    ...byId,
    query: AttendancesQuery,
    response: AttendancesResponse,
  }),
};
