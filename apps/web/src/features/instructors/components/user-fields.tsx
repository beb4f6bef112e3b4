import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { UserDetail } from '@srs/shared/users';
import type { ReactNode } from 'react';
import { roleText } from '../api.ts';

type Field = { label: string; value: ReactNode };

function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((field) => (
        <Stack key={field.label} gap={0}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {field.label}
          </Text>
          <Text component="dd" m={0}>
            {field.value === null || field.value === undefined || field.value === '' ? '-' : field.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The overview tab: who they are at a glance. */
export function UserOverview({ user }: { user: UserDetail }) {
  return (
    <FieldList
      fields={[
        { label: 'Students', value: user.students_count },
        {
          label: 'Head school admin of',
          value: user.head_of_schools.map((s) => `(#${s.school_code}) ${s.church_name}`).join(', '),
        },
        {
          label: 'Roles',
          value: (
            <Group gap={4} component="span">
              {user.roles.map((role) => (
                <Badge key={role.id} variant="light" tt="none">
                  {roleText(role)}
                </Badge>
              ))}
            </Group>
          ),
        },
        { label: 'Last sign-in', value: user.last_sign_in_at ? formatDate(user.last_sign_in_at) : 'Never signed in' },
        {
          label: 'Welcome email',
          value: user.welcome_email_sent_at ? `Sent ${formatDate(user.welcome_email_sent_at)}` : 'Not sent',
        },
      ]}
    />
  );
}

/** The profile tab's read-only fields. */
export function UserProfileFields({ user }: { user: UserDetail }) {
  return (
    <FieldList
      fields={[
        { label: 'First name', value: user.first_name },
        { label: 'Last name', value: user.last_name },
        { label: 'Email', value: user.email },
        { label: 'Phone', value: user.phone },
        { label: 'Roles', value: user.roles.map(roleText).join('; ') },
        { label: 'Admin flag', value: user.admin ? 'Yes' : 'No' },
      ]}
    />
  );
}
