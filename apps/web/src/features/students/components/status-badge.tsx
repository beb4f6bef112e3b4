import { Badge } from '@mantine/core';
import { type EnrollmentStatus, statusColours } from '@srs/shared/enrollments';
import { useSharedText } from '../../../i18n/shared.ts';

/** SPEC section 4 colours: Applied yellow, Attended and Enrolled blue, Graduated green, Inactive grey. */
export function StatusBadge({ status }: { status: EnrollmentStatus }) {
  const shared = useSharedText();
  return (
    <Badge color={statusColours[status]} variant="light">
      {shared(status)}
    </Badge>
  );
}
