import { enrollmentEndpoints } from '@srs/shared/endpoints/enrollments';
import { studentEndpoints } from '@srs/shared/endpoints/students';
import { userEndpoints } from '@srs/shared/endpoints/users';
import type { BulkReassignInput, BulkShareInput, StudentCreateInput, StudentUpdateInput } from '@srs/shared/students';
import { keepPreviousData, onlineManager, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useForgetWhenLeft } from '../../lib/forget-when-left.ts';
import { cursorOf, pageOf, searchTextOf, searchWords, sortOf } from '../../components/list-params.ts';
import { saveBlob } from '../../lib/browser.ts';
import { todayIso } from '../../lib/dates.ts';
import { call, type QueryParams, send } from '../../lib/http.ts';
import { readRecord } from '../../lib/record-read.ts';
import { studentKeys, userKeys } from '../../lib/query-keys.ts';
import { studentsOnPhone } from './students-on-phone.ts';
import type { EnrollmentCreateInput } from '@srs/shared/enrollments';

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
  return { ...studentFilterQuery(params), page: pageOf(params), ...cursorOf(params), per_page: studentsPerPage };
}

export const studentsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: studentKeys.list(query),
    // Without a signal, the list finds among the students the phone keeps (issue 30).
    queryFn: ({ signal, client }) =>
      onlineManager.isOnline() ? call(studentEndpoints.list, { query, signal }) : studentsOnPhone(client, query),
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });

export const studentQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.detail(id),
    queryFn: ({ signal }) => readRecord((quiet) => call(studentEndpoints.detail, { params: { id }, signal, ...quiet })),
  });

// A student's records live under the student's key, so invalidating the students (Quick Add, the
// record forms) refreshes the open tab too.
export const studentDecisionsQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.decisions(id),
    queryFn: ({ signal }) => call(studentEndpoints.decisions, { params: { id }, signal }),
  });

export const studentProductsQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.products(id),
    queryFn: ({ signal }) => call(studentEndpoints.products, { params: { id }, signal }),
  });

export const studentNotesQuery = (id: number) =>
  queryOptions({
    queryKey: studentKeys.notes(id),
    queryFn: ({ signal }) => call(studentEndpoints.notes, { params: { id }, signal }),
  });

/** The staff of one school (GET /users?school_id=…), who may take over its students. */
export const schoolStaffQuery = (schoolId: number) =>
  queryOptions({
    queryKey: userKeys.schoolStaff(schoolId),
    queryFn: ({ signal }) => call(userEndpoints.list, { query: { school_id: schoolId, pagination: false }, signal }),
  });

/** PUT /students/bulk_reassign; errors go through the shared handler. */
export function useBulkReassign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkReassignInput) => call(studentEndpoints.bulkReassign, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: studentKeys.all }),
  });
}

export type ShareAction = 'bulk_share' | 'bulk_unshare';

/** PUT /students/bulk_share or /students/bulk_unshare. */
export function useBulkShare(action: ShareAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkShareInput) =>
      call(action === 'bulk_share' ? studentEndpoints.bulkShare : studentEndpoints.bulkUnshare, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: studentKeys.all }),
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
    mutationFn: () => call(studentEndpoints.destroy, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: studentKeys.lists() }),
  });
  useForgetWhenLeft(mutation.isSuccess, studentKeys.detail, id);
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
      await call(studentEndpoints.labelPrinted, { params: { id } }).catch(() => undefined);
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
    queryKey: studentKeys.duplicates(words),
    queryFn: ({ signal }) =>
      call(studentEndpoints.list, {
        query: { full_name_i_cont_all: words, pagination: 'false' },
        signal,
      }),
    staleTime: 30_000,
  });

/** GET /students/suggested_schools: schools offering the series, claimed zip first, then nearest. */
export const suggestedSchoolsQuery = (seriesId: number, zipCode: string) =>
  queryOptions({
    queryKey: studentKeys.suggestedSchools(seriesId, zipCode),
    queryFn: ({ signal }) =>
      call(studentEndpoints.suggestedSchools, {
        query: { series_id: seriesId, zip_code: zipCode },
        signal,
      }),
  });

/** POST /students; a repeated request_key answers the student already created. */
export function postStudent(body: StudentCreateInput) {
  return call(studentEndpoints.create, { body });
}

/** POST /enrollments: the new student's course or seminar. */
export function postEnrollment(body: EnrollmentCreateInput) {
  return call(enrollmentEndpoints.create, { body });
}

/** PUT /students/{id}: the profile fields, with the new-student rules. */
export function putStudent(id: number, body: StudentUpdateInput) {
  return call(studentEndpoints.update, { params: { id }, body });
}

/** The profile edit's save; the student's caches take the saved record. */
export function useUpdateStudent(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentUpdateInput) => putStudent(id, body),
    onSuccess: (student) => {
      client.setQueryData(studentKeys.detail(id), student);
      return client.invalidateQueries({ queryKey: studentKeys.all });
    },
  });
}
