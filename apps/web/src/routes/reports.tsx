import { Anchor, Breadcrumbs, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useExports } from '../components/use-exports.ts';
import { followupReportQuery } from '../features/reports/api.ts';
import { ReportBars } from '../features/reports/components/report-bars.tsx';
import { ReportTable } from '../features/reports/components/report-table.tsx';
import {
  type FollowupView,
  followupParams,
  followupQueryOf,
  followupTitle,
  followupViewOf,
  openedRow,
  trailOf,
} from '../features/reports/followup-params.ts';

/**
 * /reports (issue 11), every role within its scope. The follow-up roll-up: enrollments needing
 * follow-up by conference, school and instructor, the slowest first, each row opening the level
 * below; its place is in the URL, and its exports are what it shows.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const view = followupViewOf(params);
  const query = followupQueryOf(view);
  const report = useQuery(followupReportQuery(query));
  const exports = useExports('/reports/followup', query, `followup-by-${view.group}`);
  const go = (next: FollowupView) => setParams(followupParams(next));
  const trail = trailOf(view);
  const rows = report.data?.rows ?? [];
  return (
    <>
      <PageHeader title="Reports" actions={exports} />
      <Paper withBorder p="sm">
        <Title order={2} size="h4">
          Follow-up
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Courses and seminars needing follow-up, where they have waited longest first. Open a conference for its
          schools, a school for its instructors.
        </Text>
        {trail.length > 0 && (
          <Breadcrumbs mb="xs" separator="›">
            {trail.map((step) => (
              <Anchor key={step.label} component="button" type="button" size="sm" onClick={() => go(step.view)}>
                {step.label}
              </Anchor>
            ))}
            <Text size="sm">{followupTitle(view)}</Text>
          </Breadcrumbs>
        )}
        <ReportBars
          title={`${followupTitle(view)}: courses and seminars needing follow-up`}
          bars={rows.map((row) => ({
            key: `${String(row.id)}-${String(row.name)}`,
            label: String(row.name),
            value: Number(row.needing_followup),
            detail: `oldest ${String(row.oldest_days)} days`,
          }))}
        />
        <ReportTable
          label={followupTitle(view)}
          report={report.data}
          loading={report.isFetching}
          emptyMessage="Nothing needs follow-up here."
          onOpen={(row) => {
            const next = openedRow(view, { id: row.id === null ? null : Number(row.id), name: String(row.name) });
            return next ? () => go(next) : null;
          }}
        />
      </Paper>
    </>
  );
}
