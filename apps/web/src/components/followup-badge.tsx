import { Badge, Group, Text } from '@mantine/core';
import type { FollowupReason } from '@srs/shared/followup';
import { followupReasonText, followupText } from '../lib/followup-words.ts';

/**
 * 'Needs follow-up' with why beside it ('Reminder due 11/20', 'No contact for 45 days'), in
 * visible words that wrap on a phone rather than in a tooltip; nothing when no follow-up is needed.
 */
export function FollowupBadge({ reason }: { reason: FollowupReason | null }) {
  const t = followupText.useT();
  if (!reason) return null;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Badge variant="filled" color="red" style={{ flexShrink: 0 }}>
        {t('needsFollowup')}
      </Badge>
      <Text size="sm" c="red.9" component="span">
        {followupReasonText(reason)}
      </Text>
    </Group>
  );
}
