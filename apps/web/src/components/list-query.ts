import type { QueryParams } from '../lib/http.ts';
import type { useListParams } from './use-list-params.ts';

export const defaultPerPage = 25;

/** page, per_page, sortBy, orderBy and query of a list, from its URL state. */
export function listQuery(list: ReturnType<typeof useListParams>, perPage = defaultPerPage): QueryParams {
  return {
    page: list.page,
    per_page: perPage,
    sortBy: list.sort.sortBy,
    orderBy: list.sort.orderBy,
    query: list.searchText,
  };
}
