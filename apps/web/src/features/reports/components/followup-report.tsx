import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '../../../i18n/format.ts';
import { followupReportQuery } from '../api.ts';
import { type FollowupView, followupTitle, openedRow, trailOf } from '../followup-params.ts';
import { reportsText } from '../messages.ts';
import { rowName } from '../report-words.ts';
import { ReportBars } from './report-bars.tsx';
import { ReportTable } from './report-table.tsx';

type Props = { view: FollowupView; query: Record<string, string>; onGo: (next: FollowupView) => void };

/**
 * The follow-up roll-up (issue 11): enrollments needing follow-up by conference, school and
 * instructor, the slowest first, each row opening the level below.
 */
export function FollowupReport({ view, query, onGo }: Props) {
  const t = reportsText.useT();
  const report = useQuery(followupReportQuery(query));
  const trail = trailOf(view);
  const rows = report.data?.rows ?? [];
  return (
    <>
      {trail.length > 0 && (
        <Breadcrumbs mb="xs" separator="›">
          {trail.map((step) => (
            <Anchor key={step.label} component="button" type="button" size="sm" onClick={() => onGo(step.view)}>
              {step.label}
            </Anchor>
          ))}
          <Text size="sm">{followupTitle(view)}</Text>
        </Breadcrumbs>
      )}
      <ReportBars
        title={t('followupBars', { title: followupTitle(view) })}
        bars={rows.map((row) => ({
          key: `${String(row.id)}-${String(row.name)}`,
          label: rowName(view.group, row),
          value: Number(row.needing_followup),
          detail: t('oldestDays', { count: Number(row.oldest_days), days: formatNumber(Number(row.oldest_days)) }),
        }))}
      />
      <ReportTable
        label={followupTitle(view)}
        report={report.data}
        loading={report.isFetching}
        emptyMessage={t('nothingNeedsFollowup')}
        group={view.group}
        onOpen={(row) => {
          const next = openedRow(view, { id: row.id === null ? null : Number(row.id), name: String(row.name) });
          return next ? () => onGo(next) : null;
        }}
      />
    </>
  );
}
