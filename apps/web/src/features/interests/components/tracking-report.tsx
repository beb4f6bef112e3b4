import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { InterestTrackingResponse } from '@srs/shared/interest-tracking';
import { type ReactNode, useId } from 'react';
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
  const period =
    report.from === report.to ? monthLabel(report.from) : `${monthLabel(report.from)} to ${monthLabel(report.to)}`;
  const where = schoolName ?? 'all schools';
  return (
    <Stack gap="md">
      <Section title="Funnel by month received">
        <TrackingDefinitions />
        <Title order={3} size="h5" mb={4}>
          {`${period}, ${where}`}
        </Title>
        <Paper bg="gray.0" p="sm" mb="md" maw={560}>
          <TrackingStages counts={report.total} label={`The funnel of ${period}, ${where}`} />
        </Paper>
        <TrackingFunnel months={report.months} />
      </Section>
      <Section title="New interests nobody has worked yet">
        <Text size="sm" mb="sm">
          Interests still new: nobody has assigned them to a school or closed them. They are grouped by how many days
          ago they were received, counted to {formatDate(report.as_of)}. They have no school yet, so this part covers
          every school, whatever the period and school chosen above.
        </Text>
        <UnworkedBuckets buckets={report.unworked} />
      </Section>
      <Section title="Assigned but not contacted yet">
        <Text size="sm" mb="sm">
          Interests a school has been given and has not been in touch with yet, whenever they were received.{' '}
          {schoolName ? `Only ${schoolName}. ` : ''}The days waiting count from the day the oldest was assigned.
        </Text>
        <AwaitingContact rows={report.awaiting_contact} />
      </Section>
    </Stack>
  );
}
