import { Badge } from '@mantine/core';
import { type InterestStatus, interestStatusLabels } from '@srs/shared/interests';
import { statusColors } from '../format.ts';

export function InterestStatusBadge({ status }: { status: InterestStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]}>
      {interestStatusLabels[status]}
    </Badge>
  );
}
