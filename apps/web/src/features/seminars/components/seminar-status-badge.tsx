import { Badge } from '@mantine/core';
import { type EnrollmentStatus, statusColours } from '@srs/shared/enrollments';
import { useSharedText } from '../../../i18n/shared.ts';

/** SPEC section 4 colours: Applied yellow, Attended blue. */
export function SeminarStatusBadge({ status }: { status: EnrollmentStatus }) {
  const shared = useSharedText();
  return (
    <Badge color={statusColours[status]} variant="light" data-status-colour={statusColours[status]}>
      {shared(status)}
    </Badge>
  );
}
