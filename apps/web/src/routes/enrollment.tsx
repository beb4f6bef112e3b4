import { type LoaderFunctionArgs, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { enrollmentQuery } from '../features/enrollments/api.ts';
import { EnrollmentPage } from '../features/enrollments/components/enrollment-page.tsx';
import { routeIdOf } from '../lib/http-errors.ts';
import { episodesQuery } from '../lib/lookups/series.ts';
import { usePageMatch } from '../lib/site-map/page-match.ts';
import { enrollmentTypeOf } from '../lib/site-map/paths.ts';

/**
 * SPEC section 2: a detail route loads its record first. The load starts here and the page waits
 * for it (enrollment-page.tsx), so the header and navigation show meanwhile; a failed load
 * reaches the route's 'Error Loading Content' panel from the page.
 */
export function loader({ params }: LoaderFunctionArgs) {
  routeIdOf(params.studentId, 'Student');
  const id = routeIdOf(params.enrollmentId, 'Enrollment');
  void queryClient.prefetchQuery(enrollmentQuery(id)).then(() => {
    const enrollment = queryClient.getQueryData(enrollmentQuery(id).queryKey);
    // The lessons or presentations tab lists them: they load while the page shows.
    if (enrollment) void queryClient.prefetchQuery(episodesQuery(enrollment.series_id));
  });
  return null;
}

export function Component() {
  const params = useParams();
  return (
    <EnrollmentPage
      type={enrollmentTypeOf(usePageMatch()?.page)}
      studentId={routeIdOf(params.studentId, 'Student')}
      enrollmentId={routeIdOf(params.enrollmentId, 'Enrollment')}
    />
  );
}
