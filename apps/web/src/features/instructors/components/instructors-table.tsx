import { Anchor } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { UserItem } from '@srs/shared/users';
import { Link } from 'react-router';
import { type Column, DataTable, type TableSort } from '../../../components/data-table.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { instructorName, instructorSchools } from '../api.ts';
import { type InstructorsT, instructorsText } from '../messages.ts';

function columnsOf(t: InstructorsT) {
  const name: Column<UserItem> = {
    key: 'name',
    header: t('instructorHeader'),
    sortKey: 'name',
    render: (user) => (
      <Anchor size="sm" component={Link} to={recordPath('instructor', user.id)} fw={500}>
        {instructorName(user)}
      </Anchor>
    ),
  };
  const students: Column<UserItem> = {
    key: 'students',
    header: t('studentsHeader'),
    sortKey: 'students_count',
    render: (user) => user.students_count,
  };
  const school: Column<UserItem> = { key: 'school', header: t('schoolHeader'), render: instructorSchools };
  const email: Column<UserItem> = { key: 'email', header: t('emailHeader'), sortKey: 'email', render: (user) => user.email };
  return { name, students, school, email };
}

type Props = {
  users: readonly UserItem[] | undefined;
  loading: boolean;
  sort?: TableSort;
  /** The dashboard table: instructor, students, school, at a fixed height. */
  dashboard?: boolean;
};

export function InstructorsTable({ users, loading, sort, dashboard = false }: Props) {
  const t = instructorsText.useT();
  const shared = useSharedText();
  const { name, students, school, email } = columnsOf(t);
  return (
    <DataTable
      label={t('instructors')}
      columns={dashboard ? [name, students, school] : [name, email, school, students]}
      rows={users}
      rowKey={(user) => user.id}
      emptyMessage={shared(messages.noInstructors)}
      loading={loading}
      fixedHeight={dashboard}
      minWidth={dashboard ? undefined : 640}
      {...(sort ? { sort } : {})}
    />
  );
}
