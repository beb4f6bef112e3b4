import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { SchoolDetail, SchoolSeminar } from '@srs/shared/schools';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { recordPath } from '../../../lib/site-map/paths.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { schoolSeminarsQuery, useStopOffering } from '../api.ts';
import { plural } from '../school-outlet.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type Props = { school: SchoolDetail; newSeminarPath: string | null };

/** The seminars tab: those the school holds and those it takes part in, and 'New seminar'. */
export function SchoolSeminars({ school, newSeminarPath }: Props) {
  const seminars = useQuery(schoolSeminarsQuery(school.id));
  const stop = useStopOffering();
  const [leaving, setLeaving] = useState<SchoolSeminar | null>(null);
  const columns: Column<SchoolSeminar>[] = [
    {
      key: 'name',
      header: 'SEMINAR',
      render: (seminar) => (
        <Anchor component={Link} to={recordPath('seminar', seminar.id)} size="sm" fw={500} className="thumb-link">
          {seminar.name}
        </Anchor>
      ),
    },
    {
      key: 'role',
      header: 'THIS SCHOOL',
      render: (seminar) => (
        <Badge size="sm" variant="light" color={seminar.hosted ? 'blue' : 'gray'}>
          {seminar.hosted ? 'Holds it' : 'Takes part'}
        </Badge>
      ),
    },
    { key: 'students', header: 'STUDENTS', render: (seminar) => seminar.students_count },
  ];
  if (school.permissions.offer_series) {
    columns.push({
      key: 'actions',
      header: '',
      render: (seminar) =>
        seminar.series_offered_id !== null &&
        !seminar.hosted && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setLeaving(seminar)}>
            Stop taking part
          </Button>
        ),
    });
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Seminars this school holds, and those of other schools it takes part in.
        </Text>
        {newSeminarPath && (
          <Button component={Link} to={newSeminarPath} leftSection={<IconPlus size={16} aria-hidden />}>
            New seminar
          </Button>
        )}
      </Group>
      <DataTable
        label="Seminars"
        columns={columns}
        rows={seminars.data?.seminars}
        rowKey={(seminar) => seminar.id}
        emptyMessage="No seminars available."
        loading={seminars.isFetching}
        scroll="page"
      />
      <ConfirmDialog
        opened={leaving !== null}
        title="Stop taking part in a seminar"
        confirmLabel="Stop taking part"
        danger
        busy={stop.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() =>
          leaving?.series_offered_id &&
          stop.mutate(leaving.series_offered_id, {
            onSuccess: () => {
              showSuccess(`This school no longer takes part in ${leaving.name}.`);
              setLeaving(null);
            },
          })
        }
      >
        {leaving &&
          `This school will stop taking part in ${leaving.name}. The enrollments of its ${plural(leaving.students_count, 'student')} in it become orphaned: they keep their history but are greyed and left out of the pickers.`}
      </ConfirmDialog>
    </Stack>
  );
}
