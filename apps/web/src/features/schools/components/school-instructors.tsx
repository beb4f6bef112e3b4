import { Anchor, Badge, Group } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SchoolInstructor } from '@srs/shared/schools';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { useSharedText } from '../../../i18n/shared.ts';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { schoolInstructorsQuery } from '../api.ts';
import { type SchoolsT, schoolsText } from '../messages.ts';

const roleLabelKeys = {
  school_admin: 'schoolAdmin',
  instructor: 'instructor',
} as const satisfies Record<SchoolInstructor['role_types'][number], string>;

function columnsOf(t: SchoolsT): Column<SchoolInstructor>[] {
  return [
    {
      key: 'name',
      header: t('nameHeader'),
      render: (person) => (
        <Anchor component={Link} to={recordPath('instructor', person.id)} size="sm" fw={500} className="thumb-link">
          {person.first_name} {person.last_name}
        </Anchor>
      ),
    },
    { key: 'email', header: t('emailHeader'), render: (person) => person.email },
    {
      key: 'roles',
      header: t('rolesHeader'),
      render: (person) => (
        <Group gap={4}>
          {person.head_school_admin && (
            <Badge size="sm" color="green" variant="light">
              {t('headSchoolAdmin')}
            </Badge>
          )}
          {person.role_types.map((role) => (
            <Badge key={role} size="sm" variant="light">
              {t(roleLabelKeys[role])}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'students', header: t('studentsHeader'), render: (person) => person.students_count },
  ];
}

/** The instructors tab: everyone holding a role in the school, the head school admin marked. */
export function SchoolInstructors({ schoolId }: { schoolId: number }) {
  const staff = useQuery(schoolInstructorsQuery(schoolId));
  const t = schoolsText.useT();
  const shared = useSharedText();
  return (
    <DataTable
      label={t('instructors')}
      columns={columnsOf(t)}
      rows={staff.data?.instructors}
      rowKey={(person) => person.id}
      emptyMessage={shared(messages.noInstructors)}
      loading={staff.isFetching}
      scroll="page"
    />
  );
}
