import { Box, Group, Text } from '@mantine/core';
import { formatNumber } from '../../../i18n/format.ts';
import classes from './report-bars.module.css';

type Bar = { key: string; label: string; value: number; detail?: string };

/**
 * A bar chart of one figure per row, drawn in HTML: each bar as long as its share of the largest,
 * its label and figure in words beside it, so a screen reader reads the same as the eye sees.
 */
export function ReportBars({ title, bars }: { title: string; bars: Bar[] }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  if (bars.length === 0) return null;
  return (
    <Box component="figure" m={0} mb="md" aria-label={title}>
      <Text component="figcaption" fw={600} size="sm" mb={6}>
        {title}
      </Text>
      <ul className={classes.bars}>
        {bars.map((bar) => (
          <li key={bar.key} className={classes.bar}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text size="sm" className={classes.label}>
                {bar.label}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNumber(bar.value)}
              </Text>
            </Group>
            {bar.detail && (
              <Text size="xs" c="dimmed">
                {bar.detail}
              </Text>
            )}
            <div className={classes.track} aria-hidden>
              <div className={classes.fill} style={{ width: `${(bar.value / largest) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Box>
  );
}
