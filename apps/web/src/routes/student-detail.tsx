import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { StudentQuickAddMenu } from '../features/enrollments/components/student-quick-add-menu.tsx';
import { studentQuery } from '../features/students/api.ts';
import { StudentHeading } from '../features/students/components/student-heading.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { routeIdOf } from '../lib/http-errors.ts';

const studentIdOf = (value: string | undefined) => routeIdOf(value, 'Student');

/**
 * SPEC section 2: a detail route loads its record first. The load starts here and the page waits
 * for it, so the header and navigation show meanwhile; a failed load reaches the route's 'Error
 * Loading Content' panel from the page.
 */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(studentQuery(studentIdOf(params.studentId)));
  return null;
}

export function Component() {
  const params = useParams();
  const id = studentIdOf(params.studentId);
  const query = useQuery(studentQuery(id));
  const student = query.data;
  if (!student) {
    if (query.isError) throw query.error;
    return <PageLoader />;
  }
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <StudentHeading student={student} />
        <StudentQuickAddMenu studentId={student.id} />
      </Group>
      <RouteTabs>
        <Outlet context={student} />
      </RouteTabs>
    </>
  );
}
