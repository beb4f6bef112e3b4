import { NativeSelect, SimpleGrid } from '@mantine/core';
import { type StudentImportColumn, studentImportFields } from '@srs/shared/student-import';
import { fieldLabel } from '../fields.ts';
import type { ImportMapping } from '../mapping-memory.ts';
import { studentImportText } from '../messages.ts';

const leftOut = '';

type Props = {
  columns: readonly StudentImportColumn[];
  /** While the file is previewed again: the mapping asked for, shown at once. */
  pending: ImportMapping | null;
  busy: boolean;
  onChange: (index: number, field: string | null) => void;
};

const meaningOf = (column: StudentImportColumn, pending: ImportMapping | null) =>
  pending && column.heading in pending ? pending[column.heading] : column.field;

/** Each column's heading with its meaning: the one the server recognised, changed here (the file is previewed again). */
export function ColumnMapping({ columns, pending, busy, onChange }: Props) {
  const t = studentImportText.useT();
  const options = [
    { value: leftOut, label: t('leaveOut') },
    ...studentImportFields.map((field) => ({ value: field, label: fieldLabel(field) })),
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="xs">
      {columns.map((column) => (
        <NativeSelect
          key={column.index}
          label={column.heading || t('columnNumber', { number: column.index + 1 })}
          data={options}
          value={meaningOf(column, pending) ?? leftOut}
          disabled={busy}
          onChange={(event) => onChange(column.index, event.currentTarget.value === leftOut ? null : event.currentTarget.value)}
          styles={{ label: { overflowWrap: 'anywhere' } }}
        />
      ))}
    </SimpleGrid>
  );
}
