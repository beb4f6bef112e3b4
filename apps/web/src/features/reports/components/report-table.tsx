import { Anchor, Text } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResponse } from '@srs/shared/reports';
import { DataTable } from '../../../components/data-table.tsx';

type Row = Record<string, ReportCell>;

/**
 * A cell as a person reads it: numbers with their thousands, days ('7.5 days'), a share ('20%'),
 * dollars ('$1,024.00'), nothing as '-'.
 */
export function cellText(column: ReportColumn, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value !== 'number') return value;
  switch (column.kind) {
    case 'days':
      return `${value.toLocaleString('en-US')} ${value === 1 ? 'day' : 'days'}`;
    case 'percent':
      return `${value.toLocaleString('en-US')}%`;
    case 'money':
      return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    default:
      return value.toLocaleString('en-US');
  }
}

type Props = {
  label: string;
  report: ReportResponse | undefined;
  loading: boolean;
  emptyMessage: string;
  /** Opens the row's level below (the follow-up roll-up); a row it returns nothing for is not a link. */
  onOpen?: (row: Row) => (() => void) | null;
};

/**
 * A report's table (issue 11): its columns, a row each, and its totals below; the first column
 * opens the level below where there is one. Phones show each row as a card (DataTable).
 */
export function ReportTable({ label, report, loading, emptyMessage, onOpen }: Props) {
  const columns = (report?.columns ?? []).map((column, index) => ({
    key: column.key,
    header: column.label,
    render: (row: Row) => {
      const text = cellText(column, row[column.key]);
      const open = index === 0 ? onOpen?.(row) : null;
      return open ? (
        <Anchor component="button" type="button" onClick={open} size="sm">
          {text}
        </Anchor>
      ) : (
        text
      );
    },
  }));
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={report?.rows}
        rowKey={(row) => (row.key === undefined ? `${String(row.id)}-${String(row.name)}` : String(row.key))}
        emptyMessage={emptyMessage}
        loading={loading}
        scroll="page"
      />
      {report && report.rows.length > 0 && (
        <Text size="sm" fw={700} mt="xs" aria-label={`${label}: totals`}>
          {report.columns
            .map((column) =>
              column.kind === 'text'
                ? cellText(column, report.totals[column.key])
                : `${column.label}: ${cellText(column, report.totals[column.key])}`,
            )
            .join(' · ')}
        </Text>
      )}
    </>
  );
}
