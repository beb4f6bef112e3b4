import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortState } from './list-params.ts';

type Props = {
  column: string;
  sort: SortState;
  onSort: (column: string) => void;
  children: ReactNode;
  width?: number | string | undefined;
};

/** A column header that sorts through the URL (sortBy, orderBy). */
export function SortableHeader({ column, sort, onSort, children, width }: Props) {
  const active = sort.sortBy === column;
  const Icon = !active ? IconSelector : sort.orderBy === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.orderBy === 'asc' ? 'ascending' : 'descending') : 'none'} w={width}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
