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
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

/**
 * The host and the participating schools with their instructors (GET
 * /series/{id}/participating_schools_instructors); a school joins through POST /series_offered and
 * leaves through DELETE /series_offered/{id}, its enrollments kept as history.
 */
export function ParticipatingSchools({ seminarId, seminarName }: { seminarId: number; seminarName: string }) {
  const query = useQuery(participatingSchoolsQuery(seminarId));
  const [removing, setRemoving] = useState<ParticipatingSchool | null>(null);
  const remove = useRemoveSchool();
  const schools = query.data?.schools;
  const columns: Column<ParticipatingSchool>[] = [
    {
      key: 'school',
      header: 'SCHOOL',
      render: (school) => (
        <Group gap="xs">
          <span>{schoolLabel(school)}</span>
          {school.hosting && (
            <Badge variant="light" color="green">
              Hosting
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'students', header: 'STUDENTS', render: (school) => school.students_count },
    {
      key: 'instructors',
      header: 'INSTRUCTORS',
      render: (school) => school.instructors.map(personName).join(', ') || 'No instructors yet',
    },
    {
      key: 'actions',
      header: 'ACTIONS',
      render: (school) =>
        school.can_remove ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setRemoving(school)}
          >
            Remove {school.church_name}
          </Button>
        ) : null,
    },
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Schools taking part
        </Title>
        <DataTable
          label="Schools taking part"
          columns={columns}
          rows={schools}
          rowKey={(school) => school.id}
          emptyMessage="No schools found."
          loading={query.isPending}
          scroll="page"
        />
        {query.data?.can_add && <AddSchool seminarId={seminarId} taken={(schools ?? []).map((school) => school.id)} />}
      </Stack>
      <ConfirmDialog danger
        opened={removing !== null}
        title="Remove a school from the seminar"
        confirmLabel="Remove school"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing?.series_offered_id) return;
          remove.mutate(removing.series_offered_id, {
            onSuccess: () => {
              showSuccess(`${removing.church_name} no longer takes part in ${seminarName}.`);
              setRemoving(null);
            },
          });
        }}
      >
        {removing && (
          <>
            {schoolLabel(removing)} will no longer take part in {seminarName}.{' '}
            {removing.students_count > 0
              ? `Its ${removing.students_count} ${removing.students_count === 1 ? 'enrollment' : 'enrollments'} in this seminar will become orphaned: kept with their history, greyed, and left out of the pickers.`
              : 'None of its students is enrolled in it.'}
          </>
        )}
      </ConfirmDialog>
    </Paper>
  );
}

/** The user's schools that are not in the seminar yet. */
function AddSchool({ seminarId, taken }: { seminarId: number; taken: number[] }) {
  const options = useQuery(schoolOptionsQuery);
  const [value, setValue] = useState<string | null>(null);
  const add = useAddSchool(seminarId);
  const data = schoolSelectData(options.data?.schools).filter((option) => !taken.includes(Number(option.value)));
  if (options.isSuccess && data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Every school you administer already takes part.
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Add a school"
        placeholder="Select a school"
        data={data}
        value={value}
        onChange={setValue}
        searchable
        nothingFoundMessage="No schools found."
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
              showSuccess('The school now takes part in the seminar.');
              setValue(null);
            },
          })
        }
      >
        Add school
      </Button>
    </Group>
  );
}
