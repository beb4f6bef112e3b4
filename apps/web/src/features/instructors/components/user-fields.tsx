import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UserDetail } from '@srs/shared/users';
import type { ReactNode } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { formatDate } from '../../../i18n/format.ts';
import { roleText } from '../api.ts';
import { instructorsText } from '../messages.ts';

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
  const t = instructorsText.useT();
  return (
    <FieldList
      fields={[
        { label: t('students'), value: user.students_count },
        {
          label: t('headSchoolAdminOf'),
          value: user.head_of_schools.map((s) => `(#${s.school_code}) ${s.church_name}`).join(', '),
        },
        {
          label: t('roles'),
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
        { label: t('lastSignIn'), value: user.last_sign_in_at ? formatDate(user.last_sign_in_at) : t('neverSignedIn') },
        {
          label: t('welcomeEmail'),
          value: user.welcome_email_sent_at ? t('sentOn', { date: formatDate(user.welcome_email_sent_at) }) : t('notSent'),
        },
      ]}
    />
  );
}

/** The profile tab's read-only fields. */
export function UserProfileFields({ user }: { user: UserDetail }) {
  const t = instructorsText.useT();
  const c = commonText.useT();
  return (
    <FieldList
      fields={[
        { label: t('firstName'), value: user.first_name },
        { label: t('lastName'), value: user.last_name },
        { label: t('email'), value: user.email },
        { label: t('phone'), value: user.phone },
        { label: t('roles'), value: user.roles.map(roleText).join('; ') },
        { label: t('adminFlag'), value: user.admin ? c('yes') : c('no') },
      ]}
    />
  );
}
