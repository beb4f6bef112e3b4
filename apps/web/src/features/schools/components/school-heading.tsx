import { ActionIcon, Badge, Group, Menu, Stack, Text, Title } from '@mantine/core';
import type { SchoolDetail } from '@srs/shared/schools';
import { IconDotsVertical, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { schoolsText } from '../messages.ts';
import { schoolName } from '../school-outlet.ts';
import { DeleteSchoolModal } from './delete-school-modal.tsx';
import { HistoryLink } from '../../../components/history-link.tsx';

export function SchoolHeading({ school }: { school: SchoolDetail }) {
  const [deleting, setDeleting] = useState(false);
  const t = schoolsText.useT();
  return (
    <Stack gap={2} mb="md">
      <Group gap={4} wrap="nowrap" align="center">
        <Title order={1} size="h2">
          {schoolName(school)}
        </Title>
        {school.permissions.destroy && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('schoolActions')}>
                <IconDotsVertical size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>
                {t('deleteSchool')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Group gap="md">
        <Badge variant="light" color={school.active ? 'green' : 'gray'}>
          {school.active ? t('active') : t('inactive')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('conferenceOf', { conference: school.conference.name })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('studentCount', { count: school.students_count })}
        </Text>
        <HistoryLink itemType="School" itemId={school.id} />
      </Group>
      {school.permissions.destroy && (
        <DeleteSchoolModal school={school} opened={deleting} onClose={() => setDeleting(false)} />
      )}
    </Stack>
  );
}
