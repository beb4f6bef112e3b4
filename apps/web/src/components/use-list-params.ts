import { useSearchParams } from 'react-router';
import { nextSort, pageOf, searchTextOf, sortOf, withPage, withSearchText, withSort } from './list-params.ts';

/** The state of a list kept in the URL: page, sortBy/orderBy and the search text. */
export function useListParams(defaultSortBy: string) {
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params, defaultSortBy);
  return {
    params,
    page: pageOf(params),
    sort,
    searchText: searchTextOf(params),
    onSort: (column: string) =>
      setParams((current) => withSort(current, nextSort(sortOf(current, defaultSortBy), column))),
    onPage: (page: number) => setParams((current) => withPage(current, page)),
    onSearch: (text: string) => setParams((current) => withSearchText(current, text), { replace: true }),
  };
}
