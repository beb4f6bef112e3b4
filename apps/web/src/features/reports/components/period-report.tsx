import { Text } from '@mantine/core';
import type { ReportCell, ReportColumn, ReportResponse } from '@srs/shared/reports';
import { reportDefinitions } from '@srs/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { periodReportQuery } from '../api.ts';
import { reportsText } from '../messages.ts';
import { periodIsValid, periodSentence, type PeriodView } from '../period-params.ts';
import { columnLabel, rowName } from '../report-words.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportFilters } from './report-filters.tsx';
import { cellText, ReportTable } from './report-table.tsx';

type Props = { view: PeriodView; query: Record<string, string>; onChange: (next: PeriodView) => void };

/** A column's label without the unit its cells now say ('Median (days)' → 'Median', 'Mediana (días)' → 'Mediana'). */
const plainLabel = (column: ReportColumn) => columnLabel(column).replace(/ \((?:days|días|%|\$)\)$/, '');

/** The chart's bars: the first figure of each row, the others in words beside it. */
export function barsOf(report: ReportResponse | undefined, group?: string) {
  const [, first, ...others] = report?.columns ?? [];
  if (!report || !first) return [];
  const detail = (row: Record<string, ReportCell>) =>
    others.map((column: ReportColumn) => `${plainLabel(column)} ${cellText(column, row[column.key])}`).join(' · ');
  return report.rows.map((row) => ({
    key: String(row.key),
    label: rowName(group, row),
    value: Number(row[first.key] ?? 0),
    detail: detail(row),
  }));
}

/**
 * A report over a period (issue 11): its filters, a chart of its first figure and the table with
 * the totals, both from one answer of the server, which the exports repeat.
 */
export function PeriodReport({ view, query, onChange }: Props) {
  const t = reportsText.useT();
  const shared = useSharedText();
  const definition = reportDefinitions[view.kind];
  const valid = periodIsValid(view);
  const report = useQuery({ ...periodReportQuery(view.kind, query), enabled: valid });
  const grouping = shared((definition.groups as Record<string, string>)[view.group] ?? view.group);
  const title = t('reportBy', { report: shared(definition.label), grouping: grouping.toLowerCase() });
  const second = report.data?.columns[1];
  const measure = second ? columnLabel(second).toLowerCase() : '';
  return (
    <>
      <ReportFilters view={view} onChange={onChange} />
      {valid && (
        <Text size="sm" mb="sm">
          {periodSentence(query, definition.dates)}
        </Text>
      )}
      {report.isError && <ErrorPanel message={report.error.message} />}
      <ReportBars title={`${title}: ${measure}`} bars={valid ? barsOf(report.data, view.group) : []} />
      <ReportTable
        label={title}
        report={valid ? report.data : undefined}
        loading={report.isFetching}
        emptyMessage={t('nothingRecorded')}
        group={view.group}
      />
      {!valid && (
        <Text size="sm" c="dimmed">
          {t('choosePeriod')}
        </Text>
      )}
    </>
  );
}
