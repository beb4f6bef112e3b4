import { Paper, Stack, Text, Title } from '@mantine/core';
import type { InterestTrackingResponse } from '@srs/shared/interest-tracking';
import { type ReactNode, useId } from 'react';
import { formatDate } from '../../../i18n/format.ts';
import { interestsText } from '../messages.ts';
import { monthLabel } from '../tracking-params.ts';
import { TrackingDefinitions } from './tracking-definitions.tsx';
import { TrackingFunnel } from './tracking-funnel.tsx';
import { TrackingStages } from './tracking-stages.tsx';
import { AwaitingContact, UnworkedBuckets } from './tracking-unworked.tsx';

type Props = { report: InterestTrackingResponse; schoolName: string | null };

/** A section of the page under its own heading, named by it for screen readers. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The tracking page's answer (DOMAIN.md "Interest tracking"): the funnel of the period, its
 * months per school, then the interests nobody has worked yet and those waiting for a first contact.
 */
export function TrackingReport({ report, schoolName }: Props) {
  const t = interestsText.useT();
  const period =
    report.from === report.to ? monthLabel(report.from) : t('period', { from: monthLabel(report.from), to: monthLabel(report.to) });
  const where = schoolName ?? t('allSchoolsLower');
  return (
    <Stack gap="md">
      <Section title={t('funnelByMonth')}>
        <TrackingDefinitions />
        <Title order={3} size="h5" mb={4}>
          {`${period}, ${where}`}
        </Title>
        <Paper bg="gray.0" p="sm" mb="md" maw={560}>
          <TrackingStages counts={report.total} label={t('funnelOf', { period, where })} />
        </Paper>
        <TrackingFunnel months={report.months} />
      </Section>
      <Section title={t('unworkedTitle')}>
        <Text size="sm" mb="sm">
          {t('unworkedIntro', { date: formatDate(report.as_of) })}
        </Text>
        <UnworkedBuckets buckets={report.unworked} />
      </Section>
      <Section title={t('awaitingTitle')}>
        <Text size="sm" mb="sm">
          {t('awaitingIntro')} {schoolName ? `${t('onlySchool', { school: schoolName })} ` : ''}
          {t('awaitingDays')}
        </Text>
        <AwaitingContact rows={report.awaiting_contact} />
      </Section>
    </Stack>
  );
}
