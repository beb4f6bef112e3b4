import { Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { type SeriesDetail, seriesStatuses } from '@srs/shared/series';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { commonText } from '../../../i18n/common.ts';
import { sharedText, useSharedText } from '../../../i18n/shared.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteSeries, useUpdateSeries } from '../api.ts';
import { coursesText } from '../messages.ts';
import { SeriesForm, seriesBody, seriesFormValues } from './series-form.tsx';

/** Stands for the name in a sentence, which is then drawn around the name set in bold. */
const nameMark = '\u0001';

/** Counts of the students the user sees in the series, by the status of their enrollments. */
function StatusCounts({ series }: { series: SeriesDetail }) {
  const t = coursesText.useT();
  const shared = useSharedText();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('studentsByStatus')}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {seriesStatuses.map((status) => (
          <Paper key={status} withBorder p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {shared(status)}
            </Text>
            <Text size="xl" fw={700}>
              {series.status_counts[status]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm">
        {t('studentsInAll', { count: series.students_count })}{' '}
        {series.students_count > 0 && (
          <Anchor component={Link} to={`/students?enrollments_series_id_eq=${series.id}`}>
            {t('openStudentList')}
          </Anchor>
        )}
      </Text>
    </Stack>
  );
}

function DeleteSeriesModal({ series, opened, onClose }: { series: SeriesDetail; opened: boolean; onClose: () => void }) {
  const t = coursesText.useT();
  const c = commonText.useT();
  const navigate = useNavigate();
  const mutation = useDeleteSeries(series.id);
  const held = Object.values(series.status_counts).reduce((sum, n) => sum + n, 0);
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess(coursesText.t('deleted'));
        void navigate(series.type === 'Course' ? '/courses' : '/seminars', { replace: true });
      },
    });
  const [before, after] = t('deleteQuestion', { name: nameMark, type: series.type, count: series.episodes_count }).split(nameMark);
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteSeries', { type: series.type })}>
      <Stack>
        <Text size="sm">
          {before}
          <strong>{series.name}</strong>
          {after}
        </Text>
        <Text size="sm" c="dimmed">
          {t('deleteHeld', { held })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            {t('deleteSeries', { type: series.type })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A series at a glance (SPEC section 3: name, priority), its students by status, and its keepers' edit. */
export function SeriesOverview({ series }: { series: SeriesDetail }) {
  const t = coursesText.useT();
  const c = commonText.useT();
  const mobile = useIsMobile();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateSeries(series.id);
  if (editing) {
    return (
      <SeriesForm
        initial={seriesFormValues(series)}
        submitLabel={c('save')}
        saving={update.isPending}
        onCancel={() => setEditing(false)}
        onSubmit={async (values) => {
          await update.mutateAsync(seriesBody(values));
          showSuccess(sharedText(messages.updated));
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Group gap="xs">
        {series.priority && <Badge variant="light">{t('priority')}</Badge>}
        <Badge color={series.active ? 'green' : 'gray'} variant="light">
          {series.active ? t('active') : t('notActive')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('episodesCount', { type: series.type, count: series.episodes_count })}
        </Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap' }} c={series.description ? undefined : 'dimmed'}>
        {series.description ?? t('noDescription')}
      </Text>
      <StatusCounts series={series} />
      {(series.permissions.update || series.permissions.destroy) && (
        <Group gap="sm">
          {series.permissions.update && (
            <Button
              variant="light"
              leftSection={<IconPencil size={16} />}
              onClick={() => setEditing(true)}
              size={mobile ? 'md' : 'sm'}
            >
              {t('editSeries', { type: series.type })}
            </Button>
          )}
          {series.permissions.destroy && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
              size={mobile ? 'md' : 'sm'}
            >
              {t('deleteSeries', { type: series.type })}
            </Button>
          )}
        </Group>
      )}
      <DeleteSeriesModal series={series} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
