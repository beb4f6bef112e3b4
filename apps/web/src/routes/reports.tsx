import { Paper, Select, Text, Title } from '@mantine/core';
import { type ReportKind, reportDefinitions, reportFileLabel, reportKinds } from '@srs/shared/reports';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useExports } from '../components/use-exports.ts';
import { useSharedText } from '../i18n/shared.ts';
import { todayIso } from '../lib/dates.ts';
import { FollowupReport } from '../features/reports/components/followup-report.tsx';
import { PeriodReport } from '../features/reports/components/period-report.tsx';
import {
  type FollowupView,
  followupParams,
  followupQueryOf,
  followupViewOf,
} from '../features/reports/followup-params.ts';
import { reportsText } from '../features/reports/messages.ts';
import {
  isPeriodKind,
  type PeriodView,
  periodParams,
  periodQueryOf,
  periodViewOf,
  reportKindOf,
} from '../features/reports/period-params.ts';

/**
 * /reports (issue 11), every role within its scope: the six reports of DOMAIN.md "Reports" and
 * lesson turnaround. The report, its grouping, period and filters are in the URL, so that a
 * report can be bookmarked and shared; its exports are what it shows.
 */
export function Component() {
  const t = reportsText.useT();
  const shared = useSharedText();
  const [params, setParams] = useSearchParams();
  const kind = reportKindOf(params);
  const definition = reportDefinitions[kind];
  const period = isPeriodKind(kind) ? periodViewOf(params, kind) : null;
  const followup = period ? null : followupViewOf(params);
  const query = period ? periodQueryOf(period, todayIso()) : followupQueryOf(followup!);
  const exports = useExports(`/reports/${kind}`, query, reportFileLabel(kind, query.group ?? '', query));
  const choose = (next: ReportKind) => setParams(new URLSearchParams({ report: next }));
  return (
    <>
      <PageHeader title={t('title')} actions={exports} />
      <Select
        label={t('report')}
        value={kind}
        allowDeselect={false}
        maw={360}
        mb="md"
        data={reportKinds.map((value) => ({ value, label: shared(reportDefinitions[value].label) }))}
        onChange={(value) => value && choose(value as ReportKind)}
      />
      <Paper withBorder p="sm">
        <Title order={2} size="h4">
          {shared(definition.label)}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {shared(definition.description)}
          {kind === 'followup' && ` ${t('followupHint')}`}
        </Text>
        {period ? (
          <PeriodReport view={period} query={query} onChange={(next: PeriodView) => setParams(periodParams(next))} />
        ) : (
          <FollowupReport
            view={followup!}
            query={query}
            onGo={(next: FollowupView) => setParams(followupParams(next))}
          />
        )}
      </Paper>
    </>
  );
}
