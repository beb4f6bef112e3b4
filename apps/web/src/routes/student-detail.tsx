import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { StudentQuickAddMenu } from '../features/enrollments/components/student-quick-add-menu.tsx';
import { studentQuery } from '../features/students/api.ts';
import { StudentHeading } from '../features/students/components/student-heading.tsx';
import { RouteTabs } from '../components/route-tabs.tsx';
import { routeIdOf } from '../lib/http-errors.ts';
import { studentTabs } from '../lib/sections.ts';

const studentIdOf = (value: string | undefined) => routeIdOf(value, 'Student');

/** SPEC section 2: a detail route loads its record before it shows. */
export async function loader({ params }: LoaderFunctionArgs) {
  return queryClient.ensureQueryData(studentQuery(studentIdOf(params.studentId)));
}

export function Component() {
  const params = useParams();
  const id = studentIdOf(params.studentId);
  const student = useQuery(studentQuery(id)).data;
  const navigate = useNavigate();
  const segment = useLocation().pathname.split('/')[3] ?? 'overview';
  if (!student) return null;
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <StudentHeading student={student} />
        <StudentQuickAddMenu studentId={student.id} />
      </Group>
      <RouteTabs
        label="Student sections"
        tabs={studentTabs}
        value={segment}
        onChange={(value) => navigate(`/students/${id}/${value}`)}
      >
        <Outlet context={student} />
      </RouteTabs>
    </>
  );
}
