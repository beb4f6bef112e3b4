import { IdParams } from '../common.ts';
import {
  AveryLabelsPrinted,
  BulkReassignInput,
  BulkReassignResponse,
  BulkShareInput,
  BulkShareResponse,
  StudentCreateInput,
  StudentDecisionsResponse,
  StudentDetail,
  StudentListQuery,
  StudentListResponse,
  StudentNotesResponse,
  StudentProductsResponse,
  StudentUpdateInput,
  SuggestedSchoolsQuery,
  SuggestedSchoolsResponse,
} from '../students.ts';
import {
  DuplicatesQuery,
  DuplicatesResponse,
  LikelyDuplicatesQuery,
  LikelyDuplicatesResponse,
  NotSamePersonInput,
} from '../student-duplicates.ts';
import { StudentMergeInput, StudentMergeResponse } from '../student-merge.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const studentEndpoints = {
  list: endpoint({ method: 'GET', path: '/students', query: StudentListQuery, response: StudentListResponse }),
  detail: endpoint({ method: 'GET', path: '/students/:id', ...byId, response: StudentDetail }),
  decisions: endpoint({ method: 'GET', path: '/students/:id/decisions', ...byId, response: StudentDecisionsResponse }),
  notes: endpoint({ method: 'GET', path: '/students/:id/notes', ...byId, response: StudentNotesResponse }),
  products: endpoint({ method: 'GET', path: '/students/:id/products', ...byId, response: StudentProductsResponse }),
  create: endpoint({ method: 'POST', path: '/students', body: StudentCreateInput, response: StudentDetail }),
  update: endpoint({ method: 'PUT', path: '/students/:id', ...byId, body: StudentUpdateInput, response: StudentDetail }),
  destroy: endpoint({ method: 'DELETE', path: '/students/:id', ...byId, response: null }),
  labelPrinted: endpoint({
    method: 'PUT',
    path: '/students/:id/update_avery_labels',
    ...byId,
    response: AveryLabelsPrinted,
  }),
  bulkReassign: endpoint({
    method: 'PUT',
    path: '/students/bulk_reassign',
    body: BulkReassignInput,
    response: BulkReassignResponse,
  }),
  bulkShare: endpoint({ method: 'PUT', path: '/students/bulk_share', body: BulkShareInput, response: BulkShareResponse }),
  bulkUnshare: endpoint({
    method: 'PUT',
    path: '/students/bulk_unshare',
    body: BulkShareInput,
    response: BulkShareResponse,
  }),
  merge: endpoint({ method: 'POST', path: '/students/merge', body: StudentMergeInput, response: StudentMergeResponse }),
  duplicates: endpoint({ method: 'GET', path: '/students/duplicates', query: DuplicatesQuery, response: DuplicatesResponse }),
  likelyDuplicates: endpoint({
    method: 'GET',
    path: '/students/likely_duplicates',
    query: LikelyDuplicatesQuery,
    response: LikelyDuplicatesResponse,
  }),
  notSamePerson: endpoint({
    method: 'POST',
    path: '/students/duplicates/not_same_person',
    body: NotSamePersonInput,
    response: null,
  }),
  suggestedSchools: endpoint({
    method: 'GET',
    path: '/students/suggested_schools',
    query: SuggestedSchoolsQuery,
    response: SuggestedSchoolsResponse,
  }),
};
