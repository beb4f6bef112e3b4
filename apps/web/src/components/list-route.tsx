import type { Pagination } from '@srs/shared/common';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useLocale } from '../i18n/locale.ts';
import type { QueryParams } from '../lib/http.ts';
import type { TableSort } from './data-table.tsx';
import { ListPage } from './list-page.tsx';
import { listQuery } from './list-query.ts';
import { useExports } from './use-exports.ts';
import { useListParams } from './use-list-params.ts';

/** What a list route hands its table: the page of rows, whether it is loading, and the sort. */
export type ListTableProps<Data> = { data: Data | undefined; loading: boolean; sort: TableSort };

type ListRoute<Data, Key extends QueryKey> = {
  /** The page's title, read as the page draws: in the language of the moment (i18n). */
  title: () => string;
  defaultSort: string;
  /** The list's query for its page, sort and Quick find text (SPEC section 2, Shared list behaviour). */
  query: (query: QueryParams) => UseQueryOptions<Data, Error, Data, Key>;
  /**
   * 'Export CSV' and 'Export Excel' of the current filter, all pages: the exports' path without
   * its extension ('/users'), the file label and an extra query.
   */
  csv?: { path: string; label: string; query?: QueryParams };
  Table: ComponentType<ListTableProps<Data>>;
};

/**
 * The route module of a list page (schools, courses, seminars, instructors): its state in the
 * URL, its query, its CSV export and its table inside the one list page.
 */
export function listRoute<Data extends { pagination: Pagination }, Key extends QueryKey>({
  title,
  defaultSort,
  query,
  csv,
  Table,
}: ListRoute<Data, Key>) {
  return function Component() {
    // Drawn again when the language changes: the title is read in it.
    useLocale();
    const list = useListParams(defaultSort);
    const params = listQuery(list);
    const result = useQuery(query(params));
    const exports = useExports(
      csv?.path ?? '',
      { ...params, page: undefined, per_page: undefined, ...csv?.query },
      csv?.label ?? '',
    );
    return (
      <ListPage
        title={title()}
        actions={csv ? exports : []}
        searchText={list.searchText}
        onSearch={list.onSearch}
        pagination={result.data?.pagination}
        page={list.page}
        onPage={list.onPage}
      >
        <Table data={result.data} loading={result.isFetching} sort={{ state: list.sort, onSort: list.onSort }} />
      </ListPage>
    );
  };
}
