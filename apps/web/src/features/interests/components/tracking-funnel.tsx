import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  type TrackingCounts,
  type TrackingMonth,
  trackingStageDefinitions,
  trackingStages,
} from '@srs/shared/interest-tracking';
import { formatNumber } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { interestsText } from '../messages.ts';
import { monthLabel, schoolLabel, shareText } from '../tracking-params.ts';
import classes from './tracking-bar.module.css';
import { ShareBar, TrackingStages } from './tracking-stages.tsx';

/** A row's steps as cells: the count, its share of those received (not for Received itself) and a bar. */
function StageCells({ counts }: { counts: TrackingCounts }) {
  return trackingStages.map((stage) => (
    <Table.Td key={stage}>
      <span>{formatNumber(counts[stage])}</span>
      {stage !== 'received' && <span> · {shareText(counts[stage], counts.received)}</span>}
      <ShareBar value={counts[stage]} received={counts.received} />
    </Table.Td>
  ));
}

/** Wide screens: one table, a group of rows per month (its schools, then their total). */
function FunnelTable({ months }: { months: TrackingMonth[] }) {
  const columns = trackingStages.length + 1;
  const t = interestsText.useT();
  const shared = useSharedText();
  return (
    <Table captionSide="top" verticalSpacing="xs" miw={640}>
      <Table.Caption>{t('funnelCaption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('school')}</Table.Th>
          {trackingStages.map((stage) => (
            <Table.Th key={stage} scope="col" w="17%">
              {shared(trackingStageDefinitions[stage].label)}
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
              <Table.Td colSpan={columns}>{t('noneThisMonth')}</Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr className={classes.totalRow}>
              <Table.Th scope="row">{t('allSchools')}</Table.Th>
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
  const t = interestsText.useT();
  return (
    <Stack gap="sm">
      <Text size="sm">{t('funnelCaption')}</Text>
      {months.map((month) => {
        const label = monthLabel(month.month);
        return (
          <Paper key={month.month} withBorder p="sm" component="section" aria-label={label}>
            <Title order={3} size="h5" mb="xs">
              {label}
            </Title>
            {month.schools.length === 0 && <Text size="sm">{t('noneThisMonth')}</Text>}
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
                    {t('allSchools')}
                  </Text>
                  <TrackingStages counts={month.total} label={t('allSchoolsOf', { month: label })} />
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
