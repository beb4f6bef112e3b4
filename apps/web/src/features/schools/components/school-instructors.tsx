import { Anchor, Badge, Group } from '@mantine/core';
import type { SchoolInstructor } from '@srs/shared/schools';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { schoolInstructorsQuery } from '../api.ts';

const roleLabels: Record<SchoolInstructor['role_types'][number], string> = {
  school_admin: 'School admin',
  instructor: 'Instructor',
};

const columns: readonly Column<SchoolInstructor>[] = [
  {
    key: 'name',
    header: 'NAME',
    render: (person) => (
      <Anchor component={Link} to={recordPath('instructor', person.id)} size="sm" fw={500} className="thumb-link">
        {person.first_name} {person.last_name}
      </Anchor>
    ),
  },
  { key: 'email', header: 'EMAIL', render: (person) => person.email },
  {
    key: 'roles',
    header: 'ROLES',
    render: (person) => (
      <Group gap={4}>
        {person.head_school_admin && (
          <Badge size="sm" color="green" variant="light">
            Head school admin
          </Badge>
        )}
        {person.role_types.map((role) => (
          <Badge key={role} size="sm" variant="light">
            {roleLabels[role]}
          </Badge>
        ))}
      </Group>
    ),
  },
  { key: 'students', header: 'STUDENTS', render: (person) => person.students_count },
];

/** The instructors tab: everyone holding a role in the school, the head school admin marked. */
export function SchoolInstructors({ schoolId }: { schoolId: number }) {
  const staff = useQuery(schoolInstructorsQuery(schoolId));
  return (
    <DataTable
      label="Instructors"
      columns={columns}
      rows={staff.data?.instructors}
      rowKey={(person) => person.id}
      emptyMessage="No instructors available."
      loading={staff.isFetching}
      scroll="page"
    />
  );
}
