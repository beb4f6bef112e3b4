import { type LoaderFunctionArgs, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { enrollmentQuery } from '../features/enrollments/api.ts';
import { EnrollmentPage, recordIdOf } from '../features/enrollments/components/enrollment-page.tsx';
import { episodesQuery } from '../lib/lookups/series.ts';

/** SPEC section 2: a detail route loads its record before it shows. */
export async function loader({ params }: LoaderFunctionArgs) {
  recordIdOf(params.studentId, 'Student');
  const enrollment = await queryClient.ensureQueryData(enrollmentQuery(recordIdOf(params.enrollmentId, 'Enrollment')));
  // The presentations tab lists them: they load while the page shows.
  void queryClient.prefetchQuery(episodesQuery(enrollment.series_id));
  return enrollment;
}

export function Component() {
  const params = useParams();
  return (
    <EnrollmentPage
      type="Seminar"
      studentId={recordIdOf(params.studentId, 'Student')}
      enrollmentId={recordIdOf(params.enrollmentId, 'Enrollment')}
    />
  );
}
