import { Group } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, EpisodeDelivery } from '@srs/shared/enrollments';
import type { Episode } from '@srs/shared/series';
import { IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { EditDeliveryModal } from './edit-delivery-modal.tsx';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RemoveRecordButton } from './remove-record-button.tsx';
import { RowAction } from './row-action.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

export type LessonRow = { episode: Pick<Episode, 'id' | 'position' | 'name'>; delivery: EpisodeDelivery | null };

/**
 * Every lesson of the course in order, with its delivery when it was sent or received. A
 * delivery of a lesson no longer in the course still shows, so that its history is not hidden.
 */
export function lessonRows(episodes: readonly Episode[], deliveries: readonly EpisodeDelivery[]): LessonRow[] {
  const byEpisode = new Map(deliveries.map((delivery) => [delivery.episode_id, delivery]));
  const rows: LessonRow[] = episodes.map((episode) => ({ episode, delivery: byEpisode.get(episode.id) ?? null }));
  const known = new Set(episodes.map((episode) => episode.id));
  for (const delivery of deliveries) {
    if (known.has(delivery.episode_id)) continue;
    rows.push({
      episode: { id: delivery.episode_id, position: delivery.episode_position, name: delivery.episode_name },
      delivery,
    });
  }
  return rows.sort((a, b) => a.episode.position - b.episode.position);
}

const countOrDash = (row: LessonRow, count: (delivery: EpisodeDelivery) => number) =>
  row.delivery ? String(count(row.delivery)) : '-';

const columns: readonly Column<LessonRow>[] = [
  { key: 'lesson', header: 'LESSON', render: (row) => episodeLabel(row.episode) },
  { key: 'sent', header: 'SENT', render: (row) => formatDate(row.delivery?.date_sent) },
  { key: 'received', header: 'RECEIVED', render: (row) => formatDate(row.delivery?.date_completed) },
  { key: 'type', header: 'TYPE', render: (row) => deliveryTypeLabel(row.delivery?.delivery_type) },
  { key: 'decisions', header: 'DECISIONS', render: (row) => countOrDash(row, (d) => d.decisions.length) },
  { key: 'notes', header: 'NOTES', render: (row) => countOrDash(row, (d) => d.notes.length) },
];

/** The lessons tab of a course enrollment: send, record received (Edit), or remove each lesson. */
export function LessonsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const episodes = useQuery(episodesQuery(enrollment.series_id));
  // The delivery stays while the modal closes, so that it does not empty itself on the way out.
  const [editing, setEditing] = useState<{ delivery: EpisodeDelivery | null; opened: boolean }>({
    delivery: null,
    opened: false,
  });
  const lessonTarget = enrollmentTarget(enrollment, 'lesson');
  const actions: Column<LessonRow> = {
    key: 'actions',
    header: 'ACTIONS',
    render: ({ episode, delivery }) =>
      delivery ? (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label="Edit"
            name={`Edit lesson ${episodeLabel(episode)}`}
            icon={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing({ delivery, opened: true })}
          />
          <RemoveRecordButton
            enrollmentId={enrollment.id}
            attribute="episode_deliveries_attributes"
            recordId={delivery.id}
            title={`Remove lesson ${episodeLabel(episode)}`}
          >
            The lesson's sent and received dates, with the decisions and notes recorded on it, are removed from
            this enrollment. The history of the change is kept.
          </RemoveRecordButton>
        </Group>
      ) : (
        <RecordFormButton
          target={{ ...lessonTarget, episodeId: episode.id }}
          icon={<IconSend size={18} aria-hidden />}
          name={`Send lesson ${episodeLabel(episode)}`}
        >
          Send
        </RecordFormButton>
      ),
  };
  const rows = episodes.data ? lessonRows(episodes.data.episodes, enrollment.episode_deliveries) : undefined;
  return (
    <>
      <RecordsTab
        title="Lessons"
        buttons={<RecordFormButton target={lessonTarget}>Send a lesson</RecordFormButton>}
        columns={columns}
        actions={actions}
        rows={rows}
        rowKey={(row) => row.episode.id}
        emptyMessage="This course has no lessons."
        loading={episodes.isLoading}
        minWidth={560}
      />
      <EditDeliveryModal
        enrollmentId={enrollment.id}
        delivery={editing.delivery}
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
