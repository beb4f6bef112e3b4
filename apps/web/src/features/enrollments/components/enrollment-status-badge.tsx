import { Badge } from '@mantine/core';
import { type EnrollmentStatus, statusColours } from '@srs/shared/enrollments';

/** SPEC section 4 colours: Applied yellow, Attended and Enrolled blue, Graduated green, Inactive grey. */
export function EnrollmentStatusBadge({ status }: { status: EnrollmentStatus }) {
  return (
    <Badge color={statusColours[status]} variant="light" data-status-colour={statusColours[status]}>
      {status}
    </Badge>
  );
}
