import { Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type SeriesDetail, seriesStatuses } from '@srs/shared/series';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { useDeleteSeries, useUpdateSeries } from '../api.ts';
import { SeriesForm, seriesBody, seriesFormValues } from './series-form.tsx';

const what = (series: SeriesDetail) => (series.type === 'Course' ? 'course' : 'seminar');

/** Counts of the students the user sees in the series, by the status of their enrollments. */
function StatusCounts({ series }: { series: SeriesDetail }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Students by status
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm">
        {seriesStatuses.map((status) => (
          <Paper key={status} withBorder p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {status}
            </Text>
            <Text size="xl" fw={700}>
              {series.status_counts[status]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm">
        {series.students_count} {series.students_count === 1 ? 'student' : 'students'} in all.{' '}
        {series.students_count > 0 && (
          <Anchor component={Link} to={`/students?enrollments_series_id_eq=${series.id}`}>
            Open the list of these students
          </Anchor>
        )}
      </Text>
    </Stack>
  );
}

function DeleteSeriesModal({ series, opened, onClose }: { series: SeriesDetail; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useDeleteSeries(series.id);
  const held = Object.values(series.status_counts).reduce((sum, n) => sum + n, 0);
  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        showSuccess('Deleted successfully.');
        void navigate(series.type === 'Course' ? '/courses' : '/seminars', { replace: true });
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${what(series)}`}>
      <Stack>
        <Text size="sm">
          Delete <strong>{series.name}</strong> with its {series.episodes_count}{' '}
          {series.type === 'Course' ? 'lessons' : 'presentations'}, decision options and products? Schools stop offering
          it.
        </Text>
        <Text size="sm" c="dimmed">
          {held > 0
            ? `It still has enrollments (${held} that you can see): it cannot be deleted while students are enrolled. Switch it to not active instead.`
            : 'Nobody is enrolled in it. The change stays in Versions.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            Delete {what(series)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A series at a glance (SPEC section 3: name, priority), its students by status, and its keepers' edit. */
export function SeriesOverview({ series }: { series: SeriesDetail }) {
  const mobile = useIsMobile();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateSeries(series.id);
  if (editing) {
    return (
      <SeriesForm
        initial={seriesFormValues(series)}
        submitLabel="Save"
        saving={update.isPending}
        onCancel={() => setEditing(false)}
        onSubmit={async (values) => {
          await update.mutateAsync(seriesBody(values));
          showSuccess('Updated successfully.');
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Group gap="xs">
        {series.priority && <Badge variant="light">Priority</Badge>}
        <Badge color={series.active ? 'green' : 'gray'} variant="light">
          {series.active ? 'Active' : 'Not active'}
        </Badge>
        <Text size="sm" c="dimmed">
          {series.episodes_count} {series.type === 'Course' ? 'lessons' : 'presentations'}
        </Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap' }} c={series.description ? undefined : 'dimmed'}>
        {series.description ?? 'No description.'}
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
              Edit {what(series)}
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
              Delete {what(series)}
            </Button>
          )}
        </Group>
      )}
      <DeleteSeriesModal series={series} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
