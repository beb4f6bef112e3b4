import { IdParams } from '../common.ts';
import {
  BulkZipImportInput,
  BulkZipImportResponse,
  ClaimedZipInput,
  ClaimedZipsResponse,
  ConferencesResponse,
  SchoolCoursesQuery,
  SchoolCoursesResponse,
  SchoolCreateInput,
  SchoolDetail,
  SchoolInstructorsResponse,
  SchoolListQuery,
  SchoolListResponse,
  SchoolSeminarsResponse,
  SchoolSimpleListResponse,
  SchoolUpdateInput,
  SeriesOffered,
  SeriesOfferedInput,
} from '../schools.ts';
import { StudentListQuery, StudentListResponse } from '../students.ts';
import { endpoint } from './define.ts';

const byId = { params: IdParams } as const;

export const schoolEndpoints = {
  list: endpoint({ method: 'GET', path: '/schools', query: SchoolListQuery, response: SchoolListResponse }),
  simpleList: endpoint({ method: 'GET', path: '/schools/simple_list', response: SchoolSimpleListResponse }),
  detail: endpoint({ method: 'GET', path: '/schools/:id', ...byId, response: SchoolDetail }),
  create: endpoint({ method: 'POST', path: '/schools', body: SchoolCreateInput, response: SchoolDetail }),
  update: endpoint({ method: 'PUT', path: '/schools/:id', ...byId, body: SchoolUpdateInput, response: SchoolDetail }),
  destroy: endpoint({ method: 'DELETE', path: '/schools/:id', ...byId, response: null }),
  instructors: endpoint({
    method: 'GET',
    path: '/schools/:id/instructors',
    ...byId,
    response: SchoolInstructorsResponse,
  }),
  courses: endpoint({
    method: 'GET',
    path: '/schools/:id/courses',
    ...byId,
    query: SchoolCoursesQuery,
    response: SchoolCoursesResponse,
  }),
  seminars: endpoint({ method: 'GET', path: '/schools/:id/seminars_offered', ...byId, response: SchoolSeminarsResponse }),
  students: endpoint({
    method: 'GET',
    path: '/schools/:id/students',
    ...byId,
    query: StudentListQuery,
    response: StudentListResponse,
  }),
  claimZip: endpoint({
    method: 'POST',
    path: '/schools/:id/claimed_zips',
    ...byId,
    body: ClaimedZipInput,
    response: ClaimedZipsResponse,
  }),
  bulkImportZips: endpoint({
    method: 'POST',
    path: '/schools/bulk_import_zips',
    body: BulkZipImportInput,
    response: BulkZipImportResponse,
  }),
  conferences: endpoint({ method: 'GET', path: '/conferences', response: ConferencesResponse }),
  offerSeries: endpoint({ method: 'POST', path: '/series_offered', body: SeriesOfferedInput, response: SeriesOffered }),
  stopOffering: endpoint({ method: 'DELETE', path: '/series_offered/:id', ...byId, response: null }),
};
