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
import { schoolsText } from '../messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type Props = { school: SchoolDetail; newSeminarPath: string | null };

/** The seminars tab: those the school holds and those it takes part in, and 'New seminar'. */
export function SchoolSeminars({ school, newSeminarPath }: Props) {
  const seminars = useQuery(schoolSeminarsQuery(school.id));
  const stop = useStopOffering();
  const [leaving, setLeaving] = useState<SchoolSeminar | null>(null);
  const t = schoolsText.useT();
  const columns: Column<SchoolSeminar>[] = [
    {
      key: 'name',
      header: t('seminarHeader'),
      render: (seminar) => (
        <Anchor component={Link} to={recordPath('seminar', seminar.id)} size="sm" fw={500} className="thumb-link">
          {seminar.name}
        </Anchor>
      ),
    },
    {
      key: 'role',
      header: t('thisSchoolHeader'),
      render: (seminar) => (
        <Badge size="sm" variant="light" color={seminar.hosted ? 'blue' : 'gray'}>
          {seminar.hosted ? t('holdsIt') : t('takesPart')}
        </Badge>
      ),
    },
    { key: 'students', header: t('studentsHeader'), render: (seminar) => seminar.students_count },
  ];
  if (school.permissions.offer_series) {
    columns.push({
      key: 'actions',
      header: '',
      render: (seminar) =>
        seminar.series_offered_id !== null &&
        !seminar.hosted && (
          <Button size="xs" variant="subtle" color="red" onClick={() => setLeaving(seminar)}>
            {t('stopTakingPart')}
          </Button>
        ),
    });
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('seminarsIntro')}
        </Text>
        {newSeminarPath && (
          <Button component={Link} to={newSeminarPath} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('newSeminar')}
          </Button>
        )}
      </Group>
      <DataTable
        label={t('seminars')}
        columns={columns}
        rows={seminars.data?.seminars}
        rowKey={(seminar) => seminar.id}
        emptyMessage={t('noSeminars')}
        loading={seminars.isFetching}
        scroll="page"
      />
      <ConfirmDialog
        opened={leaving !== null}
        title={t('stopTakingPartTitle')}
        confirmLabel={t('stopTakingPart')}
        danger
        busy={stop.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={() =>
          leaving?.series_offered_id &&
          stop.mutate(leaving.series_offered_id, {
            onSuccess: () => {
              showSuccess(t('noLongerTakesPart', { seminar: leaving.name }));
              setLeaving(null);
            },
          })
        }
      >
        {leaving &&
          t('stopTakingPartWarning', { seminar: leaving.name, count: leaving.students_count })}
      </ConfirmDialog>
    </Stack>
  );
}
