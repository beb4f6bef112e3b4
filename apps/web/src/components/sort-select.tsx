import { Group, NativeSelect } from '@mantine/core';
import type { Column } from './data-table.tsx';
import type { SortOrder, SortState } from './list-params.ts';

export type SortOption = { value: string; label: string };

/** The sortable columns of a table, for a list shown as cards: 'CREATED' becomes 'Created'. */
export function sortOptionsOf<T>(columns: readonly Column<T>[]): SortOption[] {
  return columns.flatMap(({ header, sortKey }) =>
    sortKey ? [{ value: sortKey, label: header.charAt(0) + header.slice(1).toLowerCase() }] : [],
  );
}

const orders: readonly { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

type Props = { options: readonly SortOption[]; sort: SortState; onChange: (change: Partial<SortState>) => void };

/**
 * Phones show a list as cards, without column headers: the same sortBy and orderBy (SPEC section
 * 2, Shared list behaviour) are chosen here. Native selects open the phone's own picker.
 */
export function SortSelect({ options, sort, onChange }: Props) {
  return (
    <Group gap="xs" wrap="nowrap" mb="xs">
      <NativeSelect
        label="Sort by"
        size="xs"
        value={sort.sortBy}
        onChange={(event) => onChange({ sortBy: event.currentTarget.value })}
        data={[...options]}
        style={{ flex: 1 }}
      />
      <NativeSelect
        label="Order"
        size="xs"
        value={sort.orderBy}
        onChange={(event) => onChange({ orderBy: event.currentTarget.value as SortOrder })}
        data={[...orders]}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
