import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type TrackingCounts,
  type TrackingMonth,
  trackingStageDefinitions,
  trackingStages,
} from '@srs/shared/interest-tracking';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { monthLabel, schoolLabel, shareText } from '../tracking-params.ts';
import classes from './tracking-bar.module.css';
import { ShareBar, TrackingStages } from './tracking-stages.tsx';

const caption = 'Interests per school and month received. Each percentage is out of the interests received that month.';
const noneThisMonth = 'No interests were received this month.';

/** A row's steps as cells: the count, its share of those received (not for Received itself) and a bar. */
function StageCells({ counts }: { counts: TrackingCounts }) {
  return trackingStages.map((stage) => (
    <Table.Td key={stage}>
      <span>{counts[stage].toLocaleString('en-US')}</span>
      {stage !== 'received' && <span> · {shareText(counts[stage], counts.received)}</span>}
      <ShareBar value={counts[stage]} received={counts.received} />
    </Table.Td>
  ));
}

/** Wide screens: one table, a group of rows per month (its schools, then their total). */
function FunnelTable({ months }: { months: TrackingMonth[] }) {
  const columns = trackingStages.length + 1;
  return (
    <Table captionSide="top" verticalSpacing="xs" miw={640}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">School</Table.Th>
          {trackingStages.map((stage) => (
            <Table.Th key={stage} scope="col" w="17%">
              {trackingStageDefinitions[stage].label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      {months.map((month) => (
        <Table.Tbody key={month.month}>
          <Table.Tr className={classes.monthRow}>
            <Table.Th scope="rowgroup" colSpan={columns}>
              {monthLabel(month.month)}
            </Table.Th>
          </Table.Tr>
          {month.schools.map((row) => (
            <Table.Tr key={row.school?.id ?? 'none'}>
              <Table.Th scope="row" fw={400}>
                {schoolLabel(row.school)}
              </Table.Th>
              <StageCells counts={row} />
            </Table.Tr>
          ))}
          {month.schools.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>{noneThisMonth}</Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr className={classes.totalRow}>
              <Table.Th scope="row">All schools</Table.Th>
              <StageCells counts={month.total} />
            </Table.Tr>
          )}
        </Table.Tbody>
      ))}
    </Table>
  );
}

/** Phones: a card per month, each school's steps as lines with bars, then the month's total. */
function FunnelCards({ months }: { months: TrackingMonth[] }) {
  return (
    <Stack gap="sm">
      <Text size="sm">{caption}</Text>
      {months.map((month) => {
        const label = monthLabel(month.month);
        return (
          <Paper key={month.month} withBorder p="sm" component="section" aria-label={label}>
            <Title order={3} size="h5" mb="xs">
              {label}
            </Title>
            {month.schools.length === 0 && <Text size="sm">{noneThisMonth}</Text>}
            <Stack gap="md">
              {month.schools.map((row) => (
                <div key={row.school?.id ?? 'none'}>
                  <Text size="sm" fw={600} mb={4}>
                    {schoolLabel(row.school)}
                  </Text>
                  <TrackingStages counts={row} label={`${schoolLabel(row.school)}, ${label}`} />
                </div>
              ))}
              {month.schools.length > 1 && (
                <div>
                  <Text size="sm" fw={700} mb={4}>
                    All schools
                  </Text>
                  <TrackingStages counts={month.total} label={`All schools, ${label}`} />
                </div>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The funnel per school and month received (the latest month first): a table, or cards on phones. */
export function TrackingFunnel({ months }: { months: TrackingMonth[] }) {
  return useIsMobile() ? <FunnelCards months={months} /> : <FunnelTable months={months} />;
}
