import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import type { SchoolDetail } from '@srs/shared/schools';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { commonText } from '../../../i18n/common.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useUpdateSchool } from '../api.ts';
import { SchoolForm } from '../forms/school-form.tsx';
import { addressLabelKeys, addressParts, schoolBodyOf, schoolFormValuesOf } from '../forms/school-form-values.ts';
import { schoolsText } from '../messages.ts';

function AddressBlock({ school, prefix, title }: { school: SchoolDetail; prefix: 'school' | 'church'; title: string }) {
  const t = schoolsText.useT();
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="h3" m={0}>
        {title}
      </Text>
      <Stack gap={0} component="dl" m={0}>
        {addressParts.map((part) => (
          <Group key={part} gap="xs" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed" w={90}>
              {t(addressLabelKeys[part])}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {school[`${prefix}_${part}`] || '-'}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Every School field of SPEC section 3, read-only, and on Edit the school form. A failed save keeps
 * the edits on screen; code and conference are editable for global admins only.
 */
export function SchoolDetails({ school }: { school: SchoolDetail }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateSchool(school.id);
  const t = schoolsText.useT();
  const c = commonText.useT();

  if (editing) {
    return (
      <Paper withBorder p="md">
        <SchoolForm
          defaultValues={schoolFormValuesOf(school)}
          submitLabel={c('save')}
          codeAndConferenceEditable={school.permissions.update_code_and_conference}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            const { school_code, conference_id, ...rest } = schoolBodyOf(values);
            const body = school.permissions.update_code_and_conference ? { ...rest, school_code, conference_id } : rest;
            await update.mutateAsync(body);
            showSuccess(sharedText(messages.updated));
            setEditing(false);
          }}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('details')}
        </Title>
        {school.permissions.update && (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            {c('edit')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AddressBlock school={school} prefix="school" title={t('schoolAddress')} />
        <AddressBlock school={school} prefix="church" title={t('churchAddress')} />
      </SimpleGrid>
    </Paper>
  );
}
