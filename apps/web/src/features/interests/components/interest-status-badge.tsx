import { Badge } from '@mantine/core';
import { type InterestStatus, interestStatusLabels } from '@srs/shared/interests';
import { useSharedText } from '../../../i18n/shared.ts';
import { statusColors } from '../format.ts';

export function InterestStatusBadge({ status }: { status: InterestStatus }) {
  const shared = useSharedText();
  return (
    <Badge variant="light" color={statusColors[status]}>
      {shared(interestStatusLabels[status])}
    </Badge>
  );
}
