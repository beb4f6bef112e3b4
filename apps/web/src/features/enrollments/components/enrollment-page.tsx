import { Group } from '@mantine/core';
import type { SeriesType } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RouteTabs } from '../../../components/route-tabs.tsx';
import { WaitingHere } from '../../../components/waiting-here.tsx';
import { usePageMatch } from '../../../lib/site-map/page-match.ts';
import { pages } from '../../../lib/site-map/pages.ts';
import { enrollmentPageIds, enrollmentPath } from '../../../lib/site-map/paths.ts';
import { enrollmentQuery } from '../api.ts';
import { EnrollmentHeading, OrphanedNote } from './enrollment-heading.tsx';
import { StudentQuickAddMenu } from './student-quick-add-menu.tsx';

type Props = { type: SeriesType; studentId: number; enrollmentId: number };

/** A course or seminar enrollment: its heading, its tabs in SPEC order, and the open tab. */
export function EnrollmentPage({ type, studentId, enrollmentId }: Props) {
  const query = useQuery(enrollmentQuery(enrollmentId));
  const tab = usePageMatch()?.tab?.path;
  const enrollment = query.data;
  if (!enrollment) {
    // The route's errorElement shows 'Error Loading Content' with the message (SPEC section 2).
    if (query.isError) throw query.error;
    return <PageLoader />;
  }

  // A link with the wrong student or kind still leads to the enrollment, on the same tab if it has one.
  if (enrollment.student.id !== studentId || enrollment.series_type !== type) {
    const actual = pages[enrollmentPageIds[enrollment.series_type]];
    const same = actual.tabs?.some((t) => t.path === tab) ? tab : undefined;
    return <Navigate to={enrollmentPath(enrollment.student.id, enrollment.id, enrollment.series_type, same)} replace />;
  }
  return (
    <>
      {enrollment.orphaned && <OrphanedNote />}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <EnrollmentHeading enrollment={enrollment} />
        <StudentQuickAddMenu studentId={enrollment.student.id} enrollmentId={enrollment.id} />
      </Group>
      <WaitingHere enrollmentId={enrollment.id} />
      <RouteTabs>
        <Outlet context={enrollment} />
      </RouteTabs>
    </>
  );
}
