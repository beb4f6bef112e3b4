import { deletedRecordOf } from '@srs/shared/deleted-records';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { studentQuery } from '../features/students/api.ts';
import { queryClient } from '../app/query-client.ts';
import { enrollmentQuery } from '../features/enrollments/api.ts';
import { EnrollmentPage } from '../features/enrollments/components/enrollment-page.tsx';
import { HttpError, routeIdOf } from '../lib/http-errors.ts';
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
  const studentId = routeIdOf(params.studentId, 'Student');
  const enrollmentId = routeIdOf(params.enrollmentId, 'Enrollment');
  const type = enrollmentTypeOf(usePageMatch()?.page);
  // An enrollment deleted with its student has no deletion of its own: the student's tells of it
  // (issue 25), for those who saw the student.
  const { error } = useQuery(enrollmentQuery(enrollmentId));
  const missing = error instanceof HttpError && error.status === 404 && !deletedRecordOf(error.body);
  const student = useQuery({ ...studentQuery(studentId), enabled: missing });
  if (missing) {
    if (student.isPending) return <PageLoader />;
    // The student's deletion, or the enrollment's own 404 ('Error Loading Content'), thrown here:
    // the page mounted again would load the enrollment again.
    throw student.error instanceof HttpError && deletedRecordOf(student.error.body) ? student.error : error;
  }
  return <EnrollmentPage type={type} studentId={studentId} enrollmentId={enrollmentId} />;
}
