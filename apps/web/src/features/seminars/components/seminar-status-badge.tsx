import { Badge } from '@mantine/core';
import { type EnrollmentStatus, statusColours } from '@srs/shared/enrollments';

/** SPEC section 4 colours: Applied yellow, Attended blue. */
export function SeminarStatusBadge({ status }: { status: EnrollmentStatus }) {
  return (
    <Badge color={statusColours[status]} variant="light" data-status-colour={statusColours[status]}>
      {status}
    </Badge>
  );
}
