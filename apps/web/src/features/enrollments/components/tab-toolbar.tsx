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

/**
 * The row actions go last on wide screens. On phones, where a wide table scrolls sideways, they
 * come right after the columns that name the row (the first one, or those given), in thumb reach.
 */
export function useWithActions<T>(
  columns: readonly Column<T>[],
  actions: Column<T>,
  leadingKeys: readonly string[] = columns.slice(0, 1).map((column) => column.key),
): Column<T>[] {
  const mobile = useIsMobile();
  if (!mobile) return [...columns, actions];
  const leading = leadingKeys.flatMap((key) => columns.filter((column) => column.key === key));
  return [...leading, actions, ...columns.filter((column) => !leadingKeys.includes(column.key))];
}

type RecordsTabProps<T> = Pick<DataTableProps<T>, 'rows' | 'rowKey' | 'emptyMessage' | 'loading' | 'minWidth'> & {
  /** The tab's heading and the table's accessible name. */
  title: string;
  /** The toolbar's record buttons. */
  buttons?: ReactNode;
  columns: readonly Column<T>[];
  actions: Column<T>;
  /** The columns the actions follow on phones (see useWithActions). */
  leadingKeys?: readonly string[];
};

/** A tab listing one kind of record: its toolbar, then its table with the row actions, cells on one line. */
export function RecordsTab<T>({ title, buttons, columns, actions, leadingKeys, ...table }: RecordsTabProps<T>) {
  return (
    <>
      <TabToolbar title={title}>{buttons}</TabToolbar>
      <DataTable {...table} label={title} columns={useWithActions(columns, actions, leadingKeys)} nowrap />
    </>
  );
}
