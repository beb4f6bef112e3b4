import { Anchor, Text } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResponse } from '@srs/shared/reports';
import { DataTable } from '../../../components/data-table.tsx';
import { formatMoney, formatNumber } from '../../../i18n/format.ts';
import { reportsText } from '../messages.ts';
import { columnLabel, rowName, totalsName } from '../report-words.ts';

type Row = Record<string, ReportCell>;

/**
 * A cell as a person reads it: numbers with their thousands, days ('7.5 days'), a share ('20%'),
 * dollars ('$1,024.00'), nothing as '-'; in the language the app draws in.
 */
export function cellText(column: ReportColumn, value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value !== 'number') return value;
  switch (column.kind) {
    case 'days':
      return reportsText.t('days', { count: value, days: formatNumber(value) });
    case 'percent':
      return `${formatNumber(value)}%`;
    case 'money':
      return formatMoney(value);
    default:
      return formatNumber(value);
  }
}

type Props = {
  label: string;
  report: ReportResponse | undefined;
  loading: boolean;
  emptyMessage: string;
  /** What the rows are grouped by ('status', 'month'): how their names read. */
  group?: string;
  /** Opens the row's level below (the follow-up roll-up); a row it returns nothing for is not a link. */
  onOpen?: (row: Row) => (() => void) | null;
};

/**
 * A report's table (issue 11): its columns, a row each, and its totals below; the first column
 * opens the level below where there is one. Phones show each row as a card (DataTable).
 */
export function ReportTable({ label, report, loading, emptyMessage, group, onOpen }: Props) {
  const t = reportsText.useT();
  const columns = (report?.columns ?? []).map((column, index) => ({
    key: column.key,
    header: columnLabel(column),
    render: (row: Row) => {
      const text = index === 0 ? rowName(group, row) || '-' : cellText(column, row[column.key]);
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
        <Text size="sm" fw={700} mt="xs" aria-label={t('totals', { label })}>
          {report.columns
            .map((column, index) =>
              column.kind === 'text'
                ? index === 0
                  ? totalsName(report.totals[column.key])
                  : cellText(column, report.totals[column.key])
                : `${columnLabel(column)}: ${cellText(column, report.totals[column.key])}`,
            )
            .join(' · ')}
        </Text>
      )}
    </>
  );
}
