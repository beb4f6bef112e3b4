import { interestEndpoints } from '@srs/shared/endpoints/interests';
import type {
  InterestAssignInput,
  InterestFormValues,
  InterestImportResponse,
  InterestStatusAction,
} from '@srs/shared/interests';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { interestKeys, studentKeys } from '../../lib/query-keys.ts';

/** Both lists sort by the day received; the interests newest first, the assignments oldest first. */
export const defaultInterestSort = 'received_on';

export const interestsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: interestKeys.list(query),
    queryFn: ({ signal }) => call(interestEndpoints.list, { query, signal }),
  });

export const assignmentsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: interestKeys.assignments(query),
    queryFn: ({ signal }) => call(interestEndpoints.assignments, { query, signal }),
  });

/** What assigning one interest shows: the schools suggested for the series chosen, and the likely duplicates. */
export const assignmentQuery = (id: number, seriesId: number | undefined) =>
  queryOptions({
    queryKey: interestKeys.assignment(id, seriesId),
    queryFn: ({ signal }) =>
      call(interestEndpoints.assignment, { params: { id }, query: { series_id: seriesId }, signal }),
  });

/** Any change to an interest refreshes the lists, the assignments and the tracking page. */
function useInterestsChanged() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: interestKeys.all });
}

/** New (no id) or corrected; the form shows a 422 at its fields, so no toast. */
export function useSaveInterest() {
  const changed = useInterestsChanged();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: InterestFormValues }) =>
      id === undefined
        ? call(interestEndpoints.create, { body: values, toastErrors: false })
        : call(interestEndpoints.update, { params: { id }, body: values, toastErrors: false }),
    onSuccess: changed,
  });
}

export function useInterestStatus() {
  const changed = useInterestsChanged();
  return useMutation({
    mutationFn: ({ id, action, closedReason }: { id: number; action: InterestStatusAction; closedReason?: string }) =>
      call(interestEndpoints.status, { params: { id }, body: { action, closed_reason: closedReason }, toastErrors: false }),
    onSuccess: changed,
  });
}

/** The preview (no preview given) or the confirmation of a CSV of interests. */
export function useInterestImport() {
  const changed = useInterestsChanged();
  return useMutation({
    mutationFn: (input: { file: string; preview?: InterestImportResponse }) =>
      call(interestEndpoints.import, {
        body: input.preview
          ? { file: input.file, preview_token: input.preview.preview_token }
          : { file: input.file, dry_run: true },
        toastErrors: false,
      }),
    onSuccess: (result) => (result.applied ? changed() : undefined),
  });
}

/** The assignment makes a student: the students' lists change too. */
export function useAssignInterest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: InterestAssignInput }) =>
      call(interestEndpoints.assign, { params: { id }, body: input, toastErrors: false }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: interestKeys.all }),
        client.invalidateQueries({ queryKey: studentKeys.all }),
      ]),
  });
}
