import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { userCoursesQuery } from '../features/instructors/api.ts';
import { UserCoursesTable } from '../features/instructors/components/user-courses-table.tsx';
import { useOutletUser } from '../features/instructors/user-outlet.ts';

export function Component() {
  const user = useOutletUser();
  const courses = useQuery(userCoursesQuery(user.id));
  return (
    <Paper withBorder p="sm">
      <UserCoursesTable courses={courses.data?.courses} loading={courses.isFetching} />
    </Paper>
  );
}
