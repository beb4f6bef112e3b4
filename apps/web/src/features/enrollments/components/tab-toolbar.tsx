import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, DataTable, type DataTableProps } from '../../../components/data-table.tsx';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

/** A tab's title and its record buttons; on phones the buttons share the full width, in thumb reach. */
export function TabToolbar({ title, children }: { title: string; children?: ReactNode }) {
  const mobile = useIsMobile();
  return (
    <Group justify="space-between" align="center" mb="sm" gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children && (
        <Group gap="xs" grow={mobile} w={mobile ? '100%' : undefined}>
          {children}
        </Group>
      )}
    </Group>
  );
}

type RecordsTabProps<T> = Pick<DataTableProps<T>, 'rows' | 'rowKey' | 'emptyMessage' | 'loading' | 'minWidth'> & {
  /** The tab's heading and the table's accessible name. */
  title: string;
  /** The toolbar's record buttons. */
  buttons?: ReactNode;
  columns: readonly Column<T>[];
  /** The row actions: the last column, the last line of a phone's card. */
  actions: Column<T>;
};

/**
 * A tab listing one kind of record: its toolbar, then its table with the row actions, cells on one
 * line. The table is the tab's whole content: it grows with its rows and the page scrolls
 * (docs/decisions.md), so a 20-lesson course is not read through a 300 px box.
 */
export function RecordsTab<T>({ title, buttons, columns, actions, ...table }: RecordsTabProps<T>) {
  return (
    <>
      <TabToolbar title={title}>{buttons}</TabToolbar>
      <DataTable {...table} label={title} columns={[...columns, actions]} nowrap scroll="page" />
    </>
  );
}
