import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SchoolDetail } from '@srs/shared/schools';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { useSharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { schoolInstructorsQuery, useUpdateSchool } from '../api.ts';
import { schoolsText } from '../messages.ts';

const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;

/**
 * The head school admin: one of the school's school admins, chosen in one action. New students
 * go to them (SPEC section 3); a school without one cannot take students.
 */
export function HeadSchoolAdmin({ school }: { school: SchoolDetail }) {
  const staff = useQuery(schoolInstructorsQuery(school.id));
  const update = useUpdateSchool(school.id);
  const [choice, setChoice] = useState<string | null>(null);
  const t = schoolsText.useT();
  const c = commonText.useT();
  const shared = useSharedText();
  const admins = (staff.data?.instructors ?? []).filter((person) => person.role_types.includes('school_admin'));
  const current = school.head_school_admin_user;
  const chosen = choice ?? (current ? String(current.id) : null);
  const changed = chosen !== null && chosen !== String(current?.id ?? '');

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('headSchoolAdmin')}
      </Title>
      <Stack gap="sm">
        {current ? (
          <Text>{t('receivesNewStudents', { name: personName(current) })}</Text>
        ) : (
          <Alert color="yellow" title={t('noHeadSchoolAdmin')}>
            {shared(messages.schoolNeedsHeadSchoolAdmin)}
          </Alert>
        )}
        {school.permissions.update &&
          (admins.length === 0 && !staff.isLoading ? (
            <Text size="sm" c="dimmed">
              {t('noSchoolAdmins')}
            </Text>
          ) : (
            <Group align="flex-end" gap="sm">
              <Select
                label={t('chooseAmongAdmins')}
                placeholder={staff.isLoading ? c('loading') : t('chooseSchoolAdmin')}
                data={admins.map((person) => ({ value: String(person.id), label: `${personName(person)} (${person.email})` }))}
                value={chosen}
                onChange={setChoice}
                style={{ flex: '1 1 240px' }}
              />
              <Button
                disabled={!changed}
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    { head_school_admin_id: Number(chosen) },
                    {
                      onSuccess: () => {
                        setChoice(null);
                        showSuccess(shared(messages.updated));
                      },
                    },
                  )
                }
              >
                {t('makeHeadSchoolAdmin')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
