import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SeriesDetail } from '@srs/shared/series';
import { messages } from '@srs/shared/messages';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useUpdateSeminar } from '../api.ts';
import { schoolLabel } from '../format.ts';
import { seminarsText } from '../messages.ts';
import { SeminarForm } from './seminar-form.tsx';

/** Name, hosting school, location and description; the host's admins edit them (permissions.update). */
export function SeminarDetails({ seminar }: { seminar: SeriesDetail }) {
  const t = seminarsText.useT();
  const c = commonText.useT();
  const [editing, setEditing] = useState(false);
  const update = useUpdateSeminar(seminar.id);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {c('details')}
        </Title>
        {seminar.permissions.update && !editing && (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {t('editDetails')}
          </Button>
        )}
      </Group>
      {editing ? (
        <SeminarForm
          initial={{
            name: seminar.name,
            location: seminar.location ?? '',
            description: seminar.description ?? '',
            schoolId: seminar.school ? String(seminar.school.id) : null,
          }}
          hostLabel={schoolLabel(seminar.school) || t('noHost')}
          submitLabel={t('saveDetails')}
          saving={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(values) =>
            update.mutate(
              { name: values.name, location: values.location, description: values.description },
              {
                onSuccess: () => {
                  showSuccess(sharedText(messages.updated));
                  setEditing(false);
                },
              },
            )
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Field label={c('name')} value={seminar.name} />
          <Field label={t('hostingSchool')} value={schoolLabel(seminar.school) || t('noHost')} />
          <Field label={t('location')} value={seminar.location || t('notSet')} />
          <Field label={t('presentations')} value={String(seminar.episodes_count)} />
          <Stack gap={0} style={{ gridColumn: '1 / -1' }}>
            <Text size="sm" fw={500}>
              {t('description')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {seminar.description || t('noDescription')}
            </Text>
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
