import { Text } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResponse } from '@srs/shared/reports';
import { reportDefinitions } from '@srs/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { periodReportQuery } from '../api.ts';
import { periodIsValid, periodSentence, type PeriodView } from '../period-params.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportFilters } from './report-filters.tsx';
import { cellText, ReportTable } from './report-table.tsx';

type Props = { view: PeriodView; query: Record<string, string>; onChange: (next: PeriodView) => void };

/** A column's label without the unit its cells now say ('Median (days)' → 'Median'). */
const plainLabel = (column: ReportColumn) => column.label.replace(/ \((?:days|%|\$)\)$/, '');

/** The chart's bars: the first figure of each row, the others in words beside it. */
export function barsOf(report: ReportResponse | undefined) {
  const [, first, ...others] = report?.columns ?? [];
  if (!report || !first) return [];
  const detail = (row: Record<string, ReportCell>) =>
    others.map((column: ReportColumn) => `${plainLabel(column)} ${cellText(column, row[column.key])}`).join(' · ');
  return report.rows.map((row) => ({
    key: String(row.key),
    label: String(row.name),
    value: Number(row[first.key] ?? 0),
    detail: detail(row),
  }));
}

/**
 * A report over a period (issue 11): its filters, a chart of its first figure and the table with
 * the totals, both from one answer of the server, which the exports repeat.
 */
export function PeriodReport({ view, query, onChange }: Props) {
  const definition = reportDefinitions[view.kind];
  const valid = periodIsValid(view);
  const report = useQuery({ ...periodReportQuery(view.kind, query), enabled: valid });
  const grouping = (definition.groups as Record<string, string>)[view.group] ?? view.group;
  const title = `${definition.label} by ${grouping.toLowerCase()}`;
  const measure = report.data?.columns[1]?.label.toLowerCase() ?? '';
  return (
    <>
      <ReportFilters view={view} onChange={onChange} />
      {valid && (
        <Text size="sm" mb="sm">
          {periodSentence(query, definition.dates)}
        </Text>
      )}
      {report.isError && <ErrorPanel message={report.error.message} />}
      <ReportBars title={`${title}: ${measure}`} bars={valid ? barsOf(report.data) : []} />
      <ReportTable
        label={title}
        report={valid ? report.data : undefined}
        loading={report.isFetching}
        emptyMessage="Nothing was recorded in this period."
      />
      {!valid && (
        <Text size="sm" c="dimmed">
          Choose a period that ends on or after the day it starts.
        </Text>
      )}
    </>
  );
}
