import { versionEndpoints } from '@srs/shared/endpoints/versions';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type QueryParams } from '../../lib/http.ts';
import { versionKeys } from '../../lib/query-keys.ts';

export const versionsQuery = (query: QueryParams) =>
  queryOptions({
    queryKey: versionKeys.list(query),
    queryFn: ({ signal }) => call(versionEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const versionQuery = (id: number) =>
  queryOptions({
    queryKey: versionKeys.detail(id),
    queryFn: ({ signal }) => call(versionEndpoints.detail, { params: { id }, signal }),
  });

/**
 * POST /versions/{id}/restore, /revert and /undo (an import): what the record's pages showed is out of
 * date afterwards, as is every list of changes (each action is itself a change). Errors go through
 * the shared handler, which shows the server's sentence ('This student cannot be restored: …').
 */
export function useVersionAction(id: number) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries();
  const restore = useMutation({
    mutationFn: () => call(versionEndpoints.restore, { params: { id } }),
    onSuccess: done,
  });
  const revert = useMutation({
    mutationFn: (fields: string[]) => call(versionEndpoints.revert, { params: { id }, body: { fields } }),
    onSuccess: done,
  });
  // Its refusal when something changed since (409, with the list) is the page's to show, not a toast.
  const undo = useMutation({
    mutationFn: (keepChanged: boolean) =>
      call(versionEndpoints.undo, { params: { id }, body: keepChanged ? { keep_changed: true } : {}, toastErrors: false }),
    onSuccess: done,
  });
  return { restore, revert, undo };
}
