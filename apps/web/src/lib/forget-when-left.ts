import { partialMatchKey, type Query, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** A read of the record or of one of its tabs (the keys under the record's key). */
export const readOf =
  (record: QueryKey) =>
  (query: Query): boolean =>
    partialMatchKey(query.queryKey, record);

/**
 * A deleted record's reads are dropped once the page that showed it has left. Dropped while it is
 * still on screen (the router moves on in a transition), or read again with the lists, the page
 * would read the deleted record and its 404 would take the page's place, the navigation away never
 * made (seen on a loaded machine after a merge). `keyOf` is a key factory (studentKeys.detail).
 */
export function useForgetWhenLeft(deleted: boolean, keyOf: (id: number) => QueryKey, id: number) {
  const client = useQueryClient();
  useEffect(() => {
    if (!deleted) return undefined;
    return () => client.removeQueries({ queryKey: keyOf(id) });
  }, [client, deleted, keyOf, id]);
}
