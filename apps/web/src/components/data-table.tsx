import { Center, Loader, ScrollArea, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import classes from './data-table.module.css';
import type { SortState } from './list-params.ts';
import { SortableHeader } from './sortable-header.tsx';
import { componentsText } from './text.ts';
import { useNotLoadedText } from './not-loaded.ts';

/** SPEC section 9: scrolling tables have a default body height of 300 px. */
export const defaultTableHeight = 300;

/** A sortable table's state and its header clicks (the list's URL keeps them). */
export type TableSort = { state: SortState; onSort: (column: string) => void };

export type Column<T> = {
  key: string;
  header: string;
  /** The sortBy value of this column; without it the column does not sort. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
};

export type DataTableProps<T> = {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  emptyMessage: string;
  /** Why the rows could not be loaded, when the server said it in words (lib/http-errors.ts loadFailureText). */
  failedMessage?: string;
  /** While true a spinner shows; rows still undefined afterwards means the load failed. */
  loading?: boolean;
  height?: number;
  /** A fixed height (the dashboard tables) instead of a maximum. */
  fixedHeight?: boolean;
  /**
   * 'page': no scrolling body; the page scrolls, as it does on phones. For a table that is the
   * page's whole content (an enrollment's lessons), where a 300 px box would only hide rows. A
   * table wider than the frame still scrolls sideways in its own box.
   */
  scroll?: 'body' | 'page';
  minWidth?: number;
  /** Cells keep to one line on wide screens (phones stack each row as a card instead). */
  nowrap?: boolean;
  sort?: TableSort;
  rowStyle?: (row: T) => CSSProperties | undefined;
};

/**
 * A table with a sticky header and a scrolling body, sortable headers and an empty-message row.
 * On phones each row becomes a card of labelled lines and the page scrolls, not the table.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, sort, height = defaultTableHeight } = props;
  const stacked = useIsMobile();
  const t = componentsText.useT();
  const notLoaded = useNotLoadedText();
  const table = (
    <Table
      stickyHeader={!stacked}
      striped={!stacked}
      highlightOnHover={!stacked}
      verticalSpacing="xs"
      className={stacked ? classes.stacked : undefined}
      miw={stacked ? undefined : props.minWidth}
      style={props.nowrap && !stacked ? { whiteSpace: 'nowrap' } : undefined}
      aria-label={props.label}
      aria-busy={props.loading || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            column.sortKey && sort ? (
              <SortableHeader
                key={column.key}
                column={column.sortKey}
                sort={sort.state}
                onSort={sort.onSort}
                width={column.width}
              >
                {column.header}
              </SortableHeader>
            ) : (
              <Table.Th key={column.key} w={column.width}>
                {column.header}
              </Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows?.map((row) => (
          <Table.Tr key={rowKey(row)} style={props.rowStyle?.(row)}>
            {columns.map((column) => (
              <Table.Td key={column.key} data-label={column.header} className={column.header ? undefined : classes.whole}>
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {(!rows || rows.length === 0) && (
          <Table.Tr>
            <Table.Td colSpan={columns.length} className={classes.whole}>
              {props.loading ? (
                <Center py="md">
                  <Loader size="sm" aria-label={t('loading')} />
                </Center>
              ) : (
                <Text c="dimmed" ta="center" py="md">
                  {rows ? props.emptyMessage : notLoaded(props.failedMessage)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
  if (stacked) return table;
  // Wider than the frame (a long name kept on one line), it scrolls sideways in its own box, not the page.
  if (props.scroll === 'page') {
    return (
      <Table.ScrollContainer minWidth={0} type="native">
        {table}
      </Table.ScrollContainer>
    );
  }
  return props.fixedHeight ? (
    <ScrollArea h={height} type="auto" offsetScrollbars>
      {table}
    </ScrollArea>
  ) : (
    <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars>
      {table}
    </ScrollArea.Autosize>
  );
}
