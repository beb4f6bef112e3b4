import { IdParams } from '../common.ts';
import {
  Interest,
  InterestAssigned,
  InterestAssignInput,
  InterestAssignment,
  InterestAssignmentQuery,
  InterestAssignmentsQuery,
  InterestAssignmentsResponse,
  InterestImportInput,
  InterestImportResponse,
  InterestInput,
  InterestListQuery,
  InterestListResponse,
  InterestStatusInput,
} from '../interests.ts';
import { endpoint } from './define.ts';

export const interestEndpoints = {
  list: endpoint({ method: 'GET', path: '/interests', query: InterestListQuery, response: InterestListResponse }),
  create: endpoint({ method: 'POST', path: '/interests', body: InterestInput, response: Interest }),
  update: endpoint({ method: 'PUT', path: '/interests/:id', params: IdParams, body: InterestInput, response: Interest }),
  status: endpoint({
    method: 'POST',
    path: '/interests/:id/status',
    params: IdParams,
    body: InterestStatusInput,
    response: Interest,
  }),
  import: endpoint({ method: 'POST', path: '/interests/import', body: InterestImportInput, response: InterestImportResponse }),
  assignments: endpoint({
    method: 'GET',
    path: '/interests/assignments',
    query: InterestAssignmentsQuery,
    response: InterestAssignmentsResponse,
  }),
  assignment: endpoint({
    method: 'GET',
    path: '/interests/:id/assignment',
    params: IdParams,
    query: InterestAssignmentQuery,
    response: InterestAssignment,
  }),
  assign: endpoint({
    method: 'POST',
    path: '/interests/:id/assign',
    params: IdParams,
    body: InterestAssignInput,
    response: InterestAssigned,
  }),
};
