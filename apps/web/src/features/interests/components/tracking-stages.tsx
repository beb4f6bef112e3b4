import { Text } from '@mantine/core';
import {
  stageShare,
  type TrackingCounts,
  trackingStageDefinitions,
  trackingStages,
} from '@srs/shared/interest-tracking';
import { formatNumber } from '../../../i18n/format.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { interestsText } from '../messages.ts';
import { shareText } from '../tracking-params.ts';
import classes from './tracking-bar.module.css';

/** A step's share of the interests received as a bar; the figures beside it say the same in words. */
export function ShareBar({ value, received }: { value: number; received: number }) {
  const share = stageShare(value, received) ?? 0;
  return (
    <div className={classes.track} aria-hidden>
      <div className={classes.fill} style={{ width: `${Math.min(100, share)}%` }} />
    </div>
  );
}

/**
 * One funnel's four steps, a line each: how many reached it, their share of those received and a
 * bar of that share (the period's summary, and each school of a month on phones).
 */
export function TrackingStages({ counts, label }: { counts: TrackingCounts; label: string }) {
  const t = interestsText.useT();
  const shared = useSharedText();
  return (
    <ul className={classes.stages} aria-label={label}>
      {trackingStages.map((stage) => (
        <li key={stage} className={classes.stage}>
          <Text size="sm" fw={600}>
            {shared(trackingStageDefinitions[stage].label)}
          </Text>
          <div>
            <div className={classes.figures}>
              <span>{formatNumber(counts[stage])}</span>
              {stage !== 'received' && <span>{t('shareOfReceived', { share: shareText(counts[stage], counts.received) })}</span>}
            </div>
            <ShareBar value={counts[stage]} received={counts.received} />
          </div>
        </li>
      ))}
    </ul>
  );
}
