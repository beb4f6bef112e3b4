import { Group } from '@mantine/core';
import type { SeriesType } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RouteTabs } from '../../../components/route-tabs.tsx';
import {
  courseEnrollmentPath,
  courseEnrollmentTabs,
  seminarEnrollmentPath,
  seminarEnrollmentTabs,
} from '../../../lib/sections.ts';
import { enrollmentQuery } from '../api.ts';
import { EnrollmentHeading, OrphanedNote } from './enrollment-heading.tsx';
import { StudentQuickAddMenu } from './student-quick-add-menu.tsx';

const pages = {
  Course: {
    tabs: courseEnrollmentTabs,
    defaultTab: 'lessons',
    path: courseEnrollmentPath,
    label: 'Course enrollment sections',
  },
  Seminar: {
    tabs: seminarEnrollmentTabs,
    defaultTab: 'presentations',
    path: seminarEnrollmentPath,
    label: 'Seminar enrollment sections',
  },
} as const;

type Props = { type: SeriesType; studentId: number; enrollmentId: number };

/** A course or seminar enrollment: its heading, its tabs in SPEC order, and the open tab. */
export function EnrollmentPage({ type, studentId, enrollmentId }: Props) {
  const query = useQuery(enrollmentQuery(enrollmentId));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const enrollment = query.data;
  if (!enrollment) {
    // The route's errorElement shows 'Error Loading Content' with the message (SPEC section 2).
    if (query.isError) throw query.error;
    return <PageLoader />;
  }

  const page = pages[type];
  // Before the redirect of the page's own address to its default tab, that tab is the open one.
  const segment = pathname.slice(page.path(studentId, enrollmentId, '').length).split('/')[0] || page.defaultTab;
  // A link with the wrong student or kind still leads to the enrollment, on the same tab if it has one.
  if (enrollment.student.id !== studentId || enrollment.series_type !== type) {
    const actual = pages[enrollment.series_type];
    const tab = actual.tabs.some((t) => t.value === segment) ? segment : undefined;
    return <Navigate to={actual.path(enrollment.student.id, enrollment.id, tab)} replace />;
  }
  return (
    <>
      {enrollment.orphaned && <OrphanedNote />}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <EnrollmentHeading enrollment={enrollment} />
        <StudentQuickAddMenu studentId={enrollment.student.id} enrollmentId={enrollment.id} />
      </Group>
      <RouteTabs
        label={page.label}
        tabs={page.tabs}
        value={segment}
        onChange={(value) => navigate(page.path(studentId, enrollmentId, value))}
      >
        <Outlet context={enrollment} />
      </RouteTabs>
    </>
  );
}
