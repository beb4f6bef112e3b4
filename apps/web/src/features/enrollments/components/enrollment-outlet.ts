import type { EnrollmentDetail } from '@srs/shared/enrollments';
import { useOutletContext } from 'react-router';

/** The enrollment the page loaded, handed to its tabs (kept current by the query cache). */
export function useOutletEnrollment(): EnrollmentDetail {
  return useOutletContext<EnrollmentDetail>();
}
