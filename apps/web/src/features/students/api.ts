import type {
  BulkReassignInput,
  BulkReassignResponse,
  BulkShareInput,
  BulkShareResponse,
  Student,
  StudentDecision,
  StudentListResponse,
  StudentNote,
  StudentProduct,
} from '@srs/shared/students';
import type { UserListResponse } from '@srs/shared/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pageOf, searchTextOf, searchWords, sortOf } from '../../components/list-params.ts';
import { saveBlob } from '../../lib/browser.ts';
import { todayIso } from '../../lib/dates.ts';
import { http, type QueryParams, send } from '../../lib/http.ts';
import type { EnrollmentCreateInput, EnrollmentDetail } from '@srs/shared/enrollments';
import type { StudentCreateInput, StudentUpdateInput, SuggestedSchoolsResponse } from '@srs/shared/students';

export const studentsPerPage = 25;
export const defaultStudentSort = 'name';

/** The filters a link can put on /students (dashboard tiles, school and instructor pages). */
export const studentFilterNames = [
  'section',
  'enrollments_registration_number_eq',
  'enrollments_needing_followup_eq',
  'enrollments_series_id_eq',
  'enrollments_series_type_eq',
  'school_id_eq',
  'instructor_id_eq',
] as const;

/** The API query of the student list for the URL's search parameters, without the page. */
export function studentFilterQuery(params: URLSearchParams): QueryParams {
  const sort = sortOf(params, defaultStudentSort);
  const query: QueryParams = {
    full_name_i_cont_all: searchWords(searchTextOf(params)),
    sortBy: sort.sortBy,
    orderBy: sort.orderBy,
  };
  for (const name of studentFilterNames) query[name] = params.get(name);
  query.section ??= 'all';
  return query;
}

export function studentListQuery(params: URLSearchParams): QueryParams {
  return { ...studentFilterQuery(params), page: pageOf(params), per_page: studentsPerPage };
}

export const studentsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: ['students', 'list', query],
    queryFn: ({ signal }) => http.get<StudentListResponse>('/students', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const studentQuery = (id: number) =>
  queryOptions({
    queryKey: ['students', 'detail', id],
    queryFn: ({ signal }) => http.get<Student>(`/students/${id}`, { signal }),
  });

// A student's records live under the student's key, so invalidating ['students'] (Quick Add,
// the record forms) refreshes the open tab too.
export const studentDecisionsQuery = (id: number) =>
  queryOptions({
    queryKey: ['students', 'detail', id, 'decisions'],
    queryFn: ({ signal }) => http.get<{ decisions: StudentDecision[] }>(`/students/${id}/decisions`, { signal }),
  });

export const studentProductsQuery = (id: number) =>
  queryOptions({
    queryKey: ['students', 'detail', id, 'products'],
    queryFn: ({ signal }) =>
      http.get<{ product_deliveries: StudentProduct[] }>(`/students/${id}/products`, { signal }),
  });

export const studentNotesQuery = (id: number) =>
  queryOptions({
    queryKey: ['students', 'detail', id, 'notes'],
    queryFn: ({ signal }) => http.get<{ notes: StudentNote[] }>(`/students/${id}/notes`, { signal }),
  });

/** The staff of one school (GET /users?school_id=…), who may take over its students. */
export const schoolStaffQuery = (schoolId: number) =>
  queryOptions({
    queryKey: ['users', 'school', schoolId],
    queryFn: ({ signal }) =>
      http.get<UserListResponse>('/users', { query: { school_id: schoolId, pagination: false }, signal }),
  });

/** PUT /students/bulk_reassign; errors go through the shared handler. */
export function useBulkReassign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkReassignInput) => http.put<BulkReassignResponse>('/students/bulk_reassign', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

export type ShareAction = 'bulk_share' | 'bulk_unshare';

/** PUT /students/bulk_share or /students/bulk_unshare. */
export function useBulkShare(action: ShareAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkShareInput) => http.put<BulkShareResponse>(`/students/${action}`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students'] }),
  });
}

/**
 * DELETE /students/{id}. The list forgets the student at once; the student's own caches go only
 * when the page that shows the student has unmounted: dropped while it is still on screen (the
 * router moves on in a transition), any render of that page would fetch the deleted student again.
 */
export function useDeleteStudent(id: number) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => http.delete<null>(`/students/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['students', 'list'] }),
  });
  const deleted = mutation.isSuccess;
  useEffect(() => {
    if (!deleted) return undefined;
    return () => client.removeQueries({ queryKey: ['students', 'detail', id] });
  }, [client, deleted, id]);
  return mutation;
}

/** The labels of the selected students, or of every student of the list's current filter. */
export type LabelsFor = { ids: readonly number[] } | { filter: QueryParams };

/** The file name of a content-disposition header, or the fallback. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** How many update_avery_labels calls run at once: enough to be quick, few enough to spare the server. */
export const labelRecordConcurrency = 6;

/** PUT /students/{id}/update_avery_labels for each printed student, a few at a time. */
export async function recordLabelsPrinted(ids: readonly number[]): Promise<void> {
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      // A failure is already shown by the shared handler; the other students are still recorded.
      await http.put(`/students/${id}/update_avery_labels`).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(labelRecordConcurrency, queue.length) }, worker));
}

/**
 * GET /students/avery_labels: saves the PDF, then records the print for every student the
 * x-student-ids header names. The number of labels printed, or null when the download failed
 * (the shared handler has shown why).
 */
export async function printAveryLabels(labelsFor: LabelsFor, startPosition: number): Promise<number | null> {
  const query: QueryParams =
    'ids' in labelsFor
      ? { ids: labelsFor.ids, start_position: startPosition }
      : { ...labelsFor.filter, start_position: startPosition };
  let response: Response;
  try {
    response = await send('GET', '/students/avery_labels', { query });
  } catch {
    return null;
  }
  const ids = (response.headers.get('x-student-ids') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const fileName = attachmentName(response.headers.get('content-disposition'), `avery-labels-${todayIso()}.pdf`);
  saveBlob(await response.blob(), fileName);
  await recordLabelsPrinted(ids);
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// New student and profile edit.

/**
 * The duplicate search of the new-student wizard: every visible student whose name holds all
 * the words, pagination off (SPEC section 9).
 */
export const duplicateSearchQuery = (words: readonly string[]) =>
  queryOptions({
    queryKey: ['students', 'duplicates', words],
    queryFn: ({ signal }) =>
      http.get<StudentListResponse>('/students', {
        query: { full_name_i_cont_all: words, pagination: 'false' },
        signal,
      }),
    staleTime: 30_000,
  });

/** GET /students/suggested_schools: schools offering the series, claimed zip first, then nearest. */
export const suggestedSchoolsQuery = (seriesId: number, zipCode: string) =>
  queryOptions({
    queryKey: ['students', 'suggested_schools', seriesId, zipCode],
    queryFn: ({ signal }) =>
      http.get<SuggestedSchoolsResponse>('/students/suggested_schools', {
        query: { series_id: seriesId, zip_code: zipCode },
        signal,
      }),
  });

/** POST /students; a repeated request_key answers the student already created. */
export function postStudent(body: StudentCreateInput): Promise<Student> {
  return http.post<Student>('/students', { body });
}

/** POST /enrollments: the new student's course or seminar. */
export function postEnrollment(body: EnrollmentCreateInput): Promise<EnrollmentDetail> {
  return http.post<EnrollmentDetail>('/enrollments', { body });
}

/** PUT /students/{id}: the profile fields, with the new-student rules. */
export function putStudent(id: number, body: StudentUpdateInput): Promise<Student> {
  return http.put<Student>(`/students/${id}`, { body });
}

/** The profile edit's save; the student's caches take the saved record. */
export function useUpdateStudent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentUpdateInput) => putStudent(id, body),
    onSuccess: (student) => {
      client.setQueryData(studentQuery(id).queryKey, student);
      return client.invalidateQueries({ queryKey: ['students'] });
    },
  });
}
