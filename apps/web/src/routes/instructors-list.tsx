import type { UserListResponse } from '@srs/shared/users';
import { listRoute, type ListTableProps } from '../components/list-route.tsx';
import { defaultInstructorSort, instructorsQuery } from '../features/instructors/api.ts';
import { InstructorsTable } from '../features/instructors/components/instructors-table.tsx';

function Table({ data, loading, sort }: ListTableProps<UserListResponse>) {
  return <InstructorsTable users={data?.users} loading={loading} sort={sort} />;
}

export const Component = listRoute({
  title: 'Instructors',
  defaultSort: defaultInstructorSort,
  query: instructorsQuery,
  csv: { path: '/users.csv', label: 'instructors', query: { role: 'instructor' } },
  Table,
});
