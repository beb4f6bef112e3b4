import { Badge, Group } from '@mantine/core';
import type { DecisionItem } from '@srs/shared/enrollments';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

/**
 * A badge's label is cut with an ellipsis by default; in a phone's narrow card that turned
 * 'Baptism' into 'Ba…' with no way to read it, so there the badges wrap and so do long names.
 */
const wrapping = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start', paddingBlock: 2 },
} as const;

/** The decisions recorded on a lesson, presentation or visit, or '-' when there are none. */
export function DecisionBadges({ decisions }: { decisions: readonly DecisionItem[] }) {
  const mobile = useIsMobile();
  if (decisions.length === 0) return '-';
  return (
    <Group gap={4} wrap={mobile ? 'wrap' : 'nowrap'}>
      {decisions.map((decision) => (
        <Badge key={decision.id} variant="light" color="teal" styles={mobile ? wrapping : undefined}>
          {decision.decision_option_name}
        </Badge>
      ))}
    </Group>
  );
}
