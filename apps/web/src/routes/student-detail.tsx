import { Group, Paper, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { queryClient } from '../app/query-client.ts';
import { StudentQuickAddMenu } from '../features/enrollments/components/student-quick-add-menu.tsx';
import { studentQuery } from '../features/students/api.ts';
import { StudentHeading } from '../features/students/components/student-heading.tsx';
import { HttpError } from '../lib/http-errors.ts';
import { studentTabs } from '../lib/sections.ts';
import classes from './student-detail.module.css';

function studentIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new HttpError('Student not found', 404, null);
  return id;
}

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
      <Tabs
        value={segment}
        onChange={(value) => value && navigate(`/students/${id}/${value}`)}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List aria-label="Student sections" className={classes.tabs}>
          {studentTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={segment}>
          <Paper p="md" withBorder style={{ borderTop: 0 }}>
            <Outlet context={student} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
