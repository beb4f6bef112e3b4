import { Badge, Group, Text } from '@mantine/core';
import { type FollowupReason, followupReasonWords } from '@srs/shared/followup';

/**
 * 'Needs follow-up' with why beside it ('Reminder due 11/20', 'No contact for 45 days'), in
 * visible words that wrap on a phone rather than in a tooltip; nothing when no follow-up is needed.
 */
export function FollowupBadge({ reason }: { reason: FollowupReason | null }) {
  if (!reason) return null;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Badge variant="filled" color="red" style={{ flexShrink: 0 }}>
        Needs follow-up
      </Badge>
      <Text size="sm" c="red.9" component="span">
        {followupReasonWords(reason)}
      </Text>
    </Group>
  );
}
