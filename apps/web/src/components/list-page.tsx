import { Paper } from '@mantine/core';
import type { Pagination } from '@srs/shared/common';
import type { ReactNode } from 'react';
import { useMinSearchLength } from '../lib/app-config.ts';
import { ListPagination } from './list-pagination.tsx';
import { type PageAction, PageHeader } from './page-header.tsx';
import { QuickFind } from './quick-find.tsx';

type Props = {
  title: string;
  actions?: readonly PageAction[];
  searchText: string;
  onSearch: (text: string) => void;
  pagination: Pagination | undefined;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
};

/** A list screen: title, actions, Quick find, the table and its pagination (SPEC section 2). */
export function ListPage(props: Props) {
  const minLength = useMinSearchLength();
  return (
    <>
      <PageHeader title={props.title} actions={props.actions}>
        <QuickFind value={props.searchText} onSearch={props.onSearch} minLength={minLength} />
      </PageHeader>
      <Paper withBorder p="sm">
        {props.children}
        <ListPagination pagination={props.pagination} page={props.page} onPage={props.onPage} />
      </Paper>
    </>
  );
}
