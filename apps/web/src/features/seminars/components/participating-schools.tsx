import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { ParticipatingSchool } from '@srs/shared/seminars';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { schoolOptionsQuery, schoolSelectData } from '../../../lib/lookups/schools.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { participatingSchoolsQuery, useAddSchool, useRemoveSchool } from '../api.ts';
import { personName, schoolLabel } from '../format.ts';
import { seminarsText } from '../messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * The host and the participating schools with their instructors (GET
 * /series/{id}/participating_schools_instructors); a school joins through POST /series_offered and
 * leaves through DELETE /series_offered/{id}, its enrollments kept as history.
 */
export function ParticipatingSchools({ seminarId, seminarName }: { seminarId: number; seminarName: string }) {
  const t = seminarsText.useT();
  const query = useQuery(participatingSchoolsQuery(seminarId));
  const [removing, setRemoving] = useState<ParticipatingSchool | null>(null);
  const remove = useRemoveSchool();
  const schools = query.data?.schools;
  const columns: Column<ParticipatingSchool>[] = [
    {
      key: 'school',
      header: t('schoolHeader'),
      render: (school) => (
        <Group gap="xs">
          <span>{schoolLabel(school)}</span>
          {school.hosting && (
            <Badge variant="light" color="green">
              {t('hosting')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'students', header: t('studentsHeader'), render: (school) => school.students_count },
    {
      key: 'instructors',
      header: t('instructorsHeader'),
      render: (school) => school.instructors.map(personName).join(', ') || t('noInstructors'),
    },
    {
      key: 'actions',
      header: t('actionsHeader'),
      render: (school) =>
        school.can_remove ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setRemoving(school)}
          >
            {t('removeSchool', { school: school.church_name })}
          </Button>
        ) : null,
    },
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('schoolsTakingPart')}
        </Title>
        <DataTable
          label={t('schoolsTakingPart')}
          columns={columns}
          rows={schools}
          rowKey={(school) => school.id}
          emptyMessage={t('noSchools')}
          loading={query.isPending}
          scroll="page"
        />
        {query.data?.can_add && <AddSchool seminarId={seminarId} taken={(schools ?? []).map((school) => school.id)} />}
      </Stack>
      <ConfirmDialog danger
        opened={removing !== null}
        title={t('removeSchoolTitle')}
        confirmLabel={t('removeSchoolConfirm')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing?.series_offered_id) return;
          remove.mutate(removing.series_offered_id, {
            onSuccess: () => {
              showSuccess(seminarsText.t('schoolRemoved', { school: removing.church_name, seminar: seminarName }));
              setRemoving(null);
            },
          });
        }}
      >
        {removing &&
          t('removeSchoolWarning', { school: schoolLabel(removing), seminar: seminarName, count: removing.students_count })}
      </ConfirmDialog>
    </Paper>
  );
}

/** The user's schools that are not in the seminar yet. */
function AddSchool({ seminarId, taken }: { seminarId: number; taken: number[] }) {
  const t = seminarsText.useT();
  const options = useQuery(schoolOptionsQuery);
  const [value, setValue] = useState<string | null>(null);
  const add = useAddSchool(seminarId);
  const data = schoolSelectData(options.data?.schools).filter((option) => !taken.includes(Number(option.value)));
  if (options.isSuccess && data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('everySchoolTakesPart')}
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('addSchoolLabel')}
        placeholder={t('selectSchool')}
        data={data}
        value={value}
        onChange={setValue}
        searchable
        nothingFoundMessage={t('noSchools')}
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        disabled={!value}
        loading={add.isPending}
        onClick={() =>
          value &&
          add.mutate(Number(value), {
            onSuccess: () => {
              showSuccess(seminarsText.t('schoolAdded'));
              setValue(null);
            },
          })
        }
      >
        {t('addSchool')}
      </Button>
    </Group>
  );
}
