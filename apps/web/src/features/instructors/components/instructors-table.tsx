import { Anchor } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { UserItem } from '@srs/shared/users';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { instructorName, instructorSchools } from '../api.ts';

const name: Column<UserItem> = {
  key: 'name',
  header: 'INSTRUCTOR',
  sortKey: 'name',
  render: (user) => (
    <Anchor size="sm" component={Link} to={recordPath('instructor', user.id)} fw={500}>
      {instructorName(user)}
    </Anchor>
  ),
};
const students: Column<UserItem> = {
  key: 'students',
  header: 'STUDENTS',
  sortKey: 'students_count',
  render: (user) => user.students_count,
};
const school: Column<UserItem> = { key: 'school', header: 'SCHOOL', render: instructorSchools };
const email: Column<UserItem> = { key: 'email', header: 'EMAIL', sortKey: 'email', render: (user) => user.email };

type Props = {
  users: readonly UserItem[] | undefined;
  loading: boolean;
  sort?: TableSort;
  /** The dashboard table: instructor, students, school, at a fixed height. */
  dashboard?: boolean;
};

export function InstructorsTable({ users, loading, sort, dashboard = false }: Props) {
  return (
    <DataTable
      label="Instructors"
      columns={dashboard ? [name, students, school] : [name, email, school, students]}
      rows={users}
      rowKey={(user) => user.id}
      emptyMessage={messages.noInstructors}
      loading={loading}
      fixedHeight={dashboard}
      minWidth={dashboard ? undefined : 640}
      {...(sort ? { sort } : {})}
    />
  );
}
