import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  cursorOf,
  nextSort,
  type PageCursor,
  pageOf,
  type SortState,
  searchTextOf,
  sortOf,
  withPage,
  withSearchText,
  withSort,
} from './list-params.ts';

/**
 * The state of a list kept in the URL: page, sortBy/orderBy and the search text. Changing them
 * keeps the page where it is scrolled to (a new page, by contrast, opens at its top).
 */
export function useListParams(defaultSortBy: string) {
  const [params, setParams] = useSearchParams();
  // Two clicks before the next render must build on each other (the second toggles back).
  const latest = useRef(params);
  latest.current = params;
  const update = (change: (current: URLSearchParams) => URLSearchParams, replace = false) => {
    const next = change(latest.current);
    latest.current = next;
    setParams(next, { replace, preventScrollReset: true });
  };
  const sort = sortOf(params, defaultSortBy);
  return {
    params,
    page: pageOf(params),
    /** The page's key when it was reached by Next or Previous: sent with the page number. */
    cursor: cursorOf(params),
    sort,
    searchText: searchTextOf(params),
    onSort: (column: string) =>
      update((current) => withSort(current, nextSort(sortOf(current, defaultSortBy), column))),
    /** A column or a direction chosen outright (the phones' sort control), not by a header click. */
    onSortChange: (change: Partial<SortState>) =>
      update((current) => withSort(current, { ...sortOf(current, defaultSortBy), ...change })),
    onPage: (page: number, cursor?: PageCursor) => update((current) => withPage(current, page, cursor)),
    onSearch: (text: string) => update((current) => withSearchText(current, text), true),
  };
}
