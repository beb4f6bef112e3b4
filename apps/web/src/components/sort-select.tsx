import { Group, NativeSelect } from '@mantine/core';
import type { Column } from './data-table.tsx';
import type { SortOrder, SortState } from './list-params.ts';
import { componentsText } from './text.ts';

export type SortOption = { value: string; label: string };

/** The sortable columns of a table, for a list shown as cards: 'CREATED' becomes 'Created'. */
export function sortOptionsOf<T>(columns: readonly Column<T>[]): SortOption[] {
  return columns.flatMap(({ header, sortKey }) =>
    sortKey ? [{ value: sortKey, label: header.charAt(0) + header.slice(1).toLowerCase() }] : [],
  );
}

const orders: readonly { value: SortOrder; key: 'ascending' | 'descending' }[] = [
  { value: 'asc', key: 'ascending' },
  { value: 'desc', key: 'descending' },
];

type Props = { options: readonly SortOption[]; sort: SortState; onChange: (change: Partial<SortState>) => void };

/**
 * Phones show a list as cards, without column headers: the same sortBy and orderBy (SPEC section
 * 2, Shared list behaviour) are chosen here. Native selects open the phone's own picker.
 */
export function SortSelect({ options, sort, onChange }: Props) {
  const t = componentsText.useT();
  return (
    <Group gap="xs" wrap="nowrap" mb="xs">
      <NativeSelect
        label={t('sortBy')}
        size="xs"
        value={sort.sortBy}
        onChange={(event) => onChange({ sortBy: event.currentTarget.value })}
        data={[...options]}
        style={{ flex: 1 }}
      />
      <NativeSelect
        label={t('order')}
        size="xs"
        value={sort.orderBy}
        onChange={(event) => onChange({ orderBy: event.currentTarget.value as SortOrder })}
        data={orders.map(({ value, key }) => ({ value, label: t(key) }))}
        style={{ flex: 1 }}
      />
    </Group>
  );
}
