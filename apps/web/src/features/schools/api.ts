import { schoolEndpoints } from '@srs/shared/endpoints/schools';
import type {
  BulkZipImportResponse,
  ClaimedZipInput,
  SchoolCreateInput,
  SchoolUpdateInput,
} from '@srs/shared/schools';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { readOf, useForgetWhenLeft } from '../../lib/forget-when-left.ts';
import { call, type QueryParams } from '../../lib/http.ts';
import { schoolKeys, seriesKeys, studentKeys } from '../../lib/query-keys.ts';

export const defaultSchoolSort = 'school_code';

export const schoolsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: schoolKeys.list(query),
    queryFn: ({ signal }) => call(schoolEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export { conferencesQuery, schoolInstructorsQuery } from '../../lib/lookups/schools.ts';

/** The courses it offers; with `offerable`, the active catalogue courses it does not offer yet. */
export const schoolCoursesQuery = (id: number, offerable = false) =>
  queryOptions({
    queryKey: schoolKeys.courses(id, offerable),
    queryFn: ({ signal }) =>
      call(schoolEndpoints.courses, { params: { id }, query: offerable ? { offerable: 'true' } : {}, signal }),
  });

export const schoolSeminarsQuery = (id: number) =>
  queryOptions({
    queryKey: schoolKeys.seminars(id),
    queryFn: ({ signal }) => call(schoolEndpoints.seminars, { params: { id }, signal }),
  });

export const schoolStudentsQuery = (id: number, query: QueryParams) =>
  queryOptions({
    queryKey: schoolKeys.students(id, query),
    queryFn: ({ signal }) => call(schoolEndpoints.students, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** A write to a school changes its page, the lists and the pickers that show it. */
function useSchoolsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: schoolKeys.all });
}

export function useCreateSchool() {
  const changed = useSchoolsChanged();
  return useMutation({
    mutationFn: (body: SchoolCreateInput) => call(schoolEndpoints.create, { body }),
    onSuccess: changed,
  });
}

export function useUpdateSchool(id: number) {
  const client = useQueryClient();
  const changed = useSchoolsChanged();
  return useMutation({
    mutationFn: (body: SchoolUpdateInput) => call(schoolEndpoints.update, { params: { id }, body }),
    onSuccess: (school) => {
      client.setQueryData(schoolKeys.detail(id), school);
      return changed();
    },
  });
}

/**
 * DELETE /schools/{id}: the lists forget the school at once, its page's reads once the page has left
 * (lib/forget-when-left.ts: read again meanwhile, its 404 would take the page's place).
 */
export function useDeleteSchool(id: number) {
  const client = useQueryClient();
  const gone = readOf(schoolKeys.detail(id));
  const mutation = useMutation({
    mutationFn: () => call(schoolEndpoints.destroy, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: schoolKeys.all, predicate: (query) => !gone(query) }),
  });
  useForgetWhenLeft(mutation.isSuccess, schoolKeys.detail, id);
  return mutation;
}

export function useClaimedZips(id: number) {
  const changed = useSchoolsChanged();
  return useMutation({
    mutationFn: (body: ClaimedZipInput) => call(schoolEndpoints.claimZip, { params: { id }, body }),
    onSuccess: changed,
  });
}

/** The preview (dry_run) or the confirmation (with the preview's token) of a claimed-zips file. */
export function useZipImport() {
  const changed = useSchoolsChanged();
  return useMutation({
    mutationFn: (input: { file: string; preview?: BulkZipImportResponse }) =>
      call(schoolEndpoints.bulkImportZips, {
        body: input.preview
          ? { file: input.file, preview_token: input.preview.preview_token }
          : { file: input.file, dry_run: true },
      }),
    onSuccess: (result) => (result.applied ? changed() : undefined),
  });
}

/** Offering a course (or a seminar) changes the school's tabs, the pickers and the enrollments. */
function useOfferChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: schoolKeys.all }),
      client.invalidateQueries({ queryKey: seriesKeys.all }),
      client.invalidateQueries({ queryKey: studentKeys.all }),
    ]);
}

export function useOfferSeries() {
  const changed = useOfferChanged();
  return useMutation({
    mutationFn: (body: { series_id: number; school_id: number }) =>
      call(schoolEndpoints.offerSeries, { body }),
    onSuccess: changed,
  });
}

export function useStopOffering() {
  const changed = useOfferChanged();
  return useMutation({
    mutationFn: (seriesOfferedId: number) =>
      call(schoolEndpoints.stopOffering, { params: { id: seriesOfferedId } }),
    onSuccess: changed,
  });
}
