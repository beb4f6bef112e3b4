import { schoolEndpoints } from '@srs/shared/endpoints/schools';
import { seminarEndpoints } from '@srs/shared/endpoints/seminars';
import { seriesEndpoints } from '@srs/shared/endpoints/series';
import type { TakeAttendanceInput } from '@srs/shared/enrollments';
import type { AttendanceRow, AttendancesResponse, PaperSize } from '@srs/shared/seminars';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../lib/browser.ts';
import { todayIso } from '../../lib/dates.ts';
import { call, type QueryParams, send } from '../../lib/http.ts';
import { enrollmentKeys, seminarKeys, seriesKeys, studentKeys } from '../../lib/query-keys.ts';
import { seminarsText } from './messages.ts';
import { takeAttendance } from '../../lib/enrollment-writes.ts';
import { isKeptForLater } from '../../lib/offline/kept-for-later.ts';

/** The seminar (GET /series/{id}), under the same key as every series page. */
export { seriesQuery as seminarQuery } from '../../lib/lookups/series.ts';

export const seminarStudentsQuery = (id: number, query: QueryParams) =>
  queryOptions({
    queryKey: seminarKeys.students(id, query),
    queryFn: ({ signal }) => call(seminarEndpoints.students, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const assignableStudentsQuery = (id: number, query: QueryParams) =>
  queryOptions({
    queryKey: seminarKeys.assignable(id, query),
    queryFn: ({ signal }) => call(seminarEndpoints.assignStudents, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const recentlyAssignedQuery = (id: number) =>
  queryOptions({
    queryKey: seminarKeys.recentlyAssigned(id),
    queryFn: ({ signal }) => call(seminarEndpoints.recentlyAssigned, { params: { id }, signal }),
  });

export const participatingSchoolsQuery = (id: number) =>
  queryOptions({
    queryKey: seminarKeys.schools(id),
    queryFn: ({ signal }) => call(seminarEndpoints.participatingSchoolsInstructors, { params: { id }, signal }),
  });

export const attendancesQuery = (id: number) =>
  queryOptions({
    queryKey: seminarKeys.attendances(id),
    queryFn: ({ signal }) => call(seminarEndpoints.attendances, { params: { id }, signal }),
  });

/** A change to the seminar refreshes its page and lists, and the series lists and pickers. */
function useRefreshSeminar() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: seriesKeys.all });
  };
}

export { useCreateSeries as useCreateSeminar, useUpdateSeries as useUpdateSeminar } from '../../lib/series-writes.ts';

/** POST /series_offered: a school joins the seminar. */
export function useAddSchool(id: number) {
  const refresh = useRefreshSeminar();
  return useMutation({
    mutationFn: (schoolId: number) =>
      call(schoolEndpoints.offerSeries, { body: { series_id: id, school_id: schoolId } }),
    onSuccess: refresh,
  });
}

/** DELETE /series_offered/{id}: a school leaves the seminar (its enrollments are kept, orphaned). */
export function useRemoveSchool() {
  const refresh = useRefreshSeminar();
  return useMutation({
    mutationFn: (seriesOfferedId: number) => call(schoolEndpoints.stopOffering, { params: { id: seriesOfferedId } }),
    onSuccess: refresh,
  });
}

/** PUT /series/{id}/assign_student: the student's seminar enrollment, status Applied. */
export function useAssignStudent(id: number) {
  const client = useQueryClient();
  const refresh = useRefreshSeminar();
  return useMutation({
    mutationFn: (studentId: number) =>
      call(seminarEndpoints.assignStudent, { params: { id }, body: { student_id: studentId } }),
    onSuccess: async () => {
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: studentKeys.all })]);
    },
  });
}

/**
 * PUT /series/{id}/assign_students: the students picked, in one request and one transaction; the
 * answer says of each whether they were assigned or why not.
 */
export function useAssignSeveral(id: number) {
  const client = useQueryClient();
  const refresh = useRefreshSeminar();
  return useMutation({
    mutationFn: (studentIds: readonly number[]) =>
      call(seminarEndpoints.assignSeveral, { params: { id }, body: { student_ids: [...studentIds] } }),
    onSuccess: async (answer) => {
      if (answer.assigned === 0) return;
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: studentKeys.all })]);
    },
  });
}

/** PUT /enrollments/take_attendance: the first attendance makes an enrollment Attended. */
export function useTakeAttendance(id: number) {
  const client = useQueryClient();
  const refresh = useRefreshSeminar();
  return useMutation({
    mutationFn: (body: TakeAttendanceInput) => takeAttendance(body, id),
    // The tick shows at once; a refused one goes back when the grid is read again.
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: seminarKeys.attendances(id) });
      client.setQueryData(seminarKeys.attendances(id), (grid: AttendancesResponse | undefined) =>
        grid ? { ...grid, students: grid.students.map((row) => ticked(row, body)) } : grid,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: seminarKeys.attendances(id) }),
    // Kept on the phone (offline): the tick stays as shown until the write is sent.
    onSuccess: async (answer) => {
      if (isKeptForLater(answer)) return;
      await Promise.all([
        refresh(),
        client.invalidateQueries({ queryKey: enrollmentKeys.all }),
        client.invalidateQueries({ queryKey: studentKeys.all }),
      ]);
    },
  });
}

/** A grid row with the attendances of one take_attendance call applied. */
function ticked(row: AttendanceRow, body: TakeAttendanceInput): AttendanceRow {
  const change = body.attendances.find((item) => item.enrollment_id === row.enrollment_id);
  if (!change) return row;
  const others = row.attended_episode_ids.filter((episodeId) => episodeId !== body.episode_id);
  return { ...row, attended_episode_ids: change.attended ? [...others, body.episode_id] : others };
}

/**
 * GET /series/{id}/tickets.pdf: saves the PDF of the chosen enrollments' tickets (every active
 * one when none is chosen). The number of tickets, or null when the download failed (the shared
 * handler has said why).
 */
export async function printTickets(id: number, enrollmentIds: readonly number[], paper: PaperSize) {
  let response: Response;
  try {
    response = await send('GET', `/series/${id}/tickets.pdf`, { query: { ids: enrollmentIds, paper } });
  } catch {
    return null;
  }
  saveBlob(await response.blob(), seminarsText.t('ticketsFile', { date: todayIso() }));
  return Number(response.headers.get('x-ticket-count') ?? enrollmentIds.length);
}

/** The presentations with how many attendances hold each (`?all=true`, the editors' view). */
export const presentationsQuery = (id: number) =>
  queryOptions({
    queryKey: seriesKeys.editor(id, 'episodes'),
    queryFn: ({ signal }) => call(seriesEndpoints.episodes, { params: { id }, query: { all: 'true' }, signal }),
  });
