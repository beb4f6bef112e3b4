import type { SeriesType } from '@srs/shared/enrollments';
import { type LoaderFunctionArgs, useLocation, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { enrollmentQuery } from '../features/enrollments/api.ts';
import { EnrollmentPage } from '../features/enrollments/components/enrollment-page.tsx';
import { routeIdOf } from '../lib/http-errors.ts';
import { episodesQuery } from '../lib/lookups/series.ts';

/** /students/{id}/courses/enrollments/… is a course enrollment, /students/{id}/seminars/… a seminar one. */
const typeOf = (pathname: string): SeriesType => (/^\/students\/[^/]+\/seminars\//.test(pathname) ? 'Seminar' : 'Course');

/** SPEC section 2: a detail route loads its record before it shows. */
export async function loader({ params }: LoaderFunctionArgs) {
  routeIdOf(params.studentId, 'Student');
  const enrollment = await queryClient.ensureQueryData(enrollmentQuery(routeIdOf(params.enrollmentId, 'Enrollment')));
  // The lessons or presentations tab lists them: they load while the page shows.
  void queryClient.prefetchQuery(episodesQuery(enrollment.series_id));
  return enrollment;
}

export function Component() {
  const params = useParams();
  return (
    <EnrollmentPage
      type={typeOf(useLocation().pathname)}
      studentId={routeIdOf(params.studentId, 'Student')}
      enrollmentId={routeIdOf(params.enrollmentId, 'Enrollment')}
    />
  );
}
