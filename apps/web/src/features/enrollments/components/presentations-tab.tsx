import { Checkbox, Group } from '@mantine/core';
import type { Attendance, EnrollmentDetail } from '@srs/shared/enrollments';
import { messages } from '@srs/shared/messages';
import type { Episode } from '@srs/shared/series';
import { IconCircleCheck, IconNote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { sharedText } from '../../../i18n/shared.ts';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { showSaved } from '../../../lib/offline/kept-for-later.ts';
import { useTakeAttendance } from '../api.ts';
import { enrollmentTarget } from '../forms/record-form-target.ts';
import { enrollmentsText } from '../messages.ts';
import { episodeLabel, timeLabel } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

export type PresentationRow = { episode: Episode; attendance: Attendance | null };

export function presentationRows(episodes: readonly Episode[], attendances: readonly Attendance[]): PresentationRow[] {
  const byEpisode = new Map(attendances.map((attendance) => [attendance.episode_id, attendance]));
  return [...episodes]
    .sort((a, b) => a.position - b.position)
    .map((episode) => ({ episode, attendance: byEpisode.get(episode.id) ?? null }));
}

/** The attendance being saved: the box shows the new state until the enrollment has reloaded. */
type Pending = { episodeId: number; attended: boolean } | null;

/** Every presentation of the seminar with the student's attendance, decisions and notes. */
export function PresentationsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = enrollmentsText.useT();
  const episodes = useQuery(episodesQuery(enrollment.series_id));
  const take = useTakeAttendance();
  const [pending, setPending] = useState<Pending>(null);

  const toggle = async (episode: Episode, attended: boolean) => {
    setPending({ episodeId: episode.id, attended });
    try {
      const answer = await take.mutateAsync({ episode_id: episode.id, attendances: [{ enrollment_id: enrollment.id, attended }] });
      showSaved(answer, sharedText(messages.updated));
    } catch {
      // the shared handler has shown why; the box goes back to what is saved
    } finally {
      setPending(null);
    }
  };

  const columns: Column<PresentationRow>[] = [
    { key: 'presentation', header: t('columnPresentation'), render: ({ episode }) => episodeLabel(episode) },
    { key: 'date', header: t('columnDate'), render: ({ episode }) => formatDate(episode.date) },
    { key: 'time', header: t('columnTime'), render: ({ episode }) => timeLabel(episode.time) },
    {
      key: 'attended',
      header: t('columnAttended'),
      render: ({ episode, attendance }) => {
        const saving = pending?.episodeId === episode.id;
        return (
          <Checkbox
            aria-label={t('attendedPresentation', { presentation: episodeLabel(episode) })}
            checked={saving ? pending.attended : attendance !== null}
            disabled={pending !== null}
            onChange={(event) => void toggle(episode, event.currentTarget.checked)}
          />
        );
      },
    },
    {
      key: 'decisions',
      header: t('columnDecisions'),
      render: ({ attendance }) =>
        attendance?.decisions.length ? attendance.decisions.map((d) => d.decision_option_name).join(', ') : '-',
    },
    { key: 'notes', header: t('columnNotes'), render: ({ attendance }) => attendance?.notes.length ?? 0 },
  ];
  const actions: Column<PresentationRow> = {
    key: 'actions',
    header: t('columnActions'),
    render: ({ episode }) => {
      const context = { type: 'presentation', id: episode.id } as const;
      return (
        <Group gap={4} wrap="nowrap">
          <RecordFormButton
            target={enrollmentTarget(enrollment, 'decision', context)}
            icon={<IconCircleCheck size={18} aria-hidden />}
            name={t('recordDecisionFor', { record: episodeLabel(episode) })}
          >
            {t('recordDecision')}
          </RecordFormButton>
          <RecordFormButton
            variant="subtle"
            target={enrollmentTarget(enrollment, 'note', context)}
            icon={<IconNote size={18} aria-hidden />}
            name={t('addNoteFor', { record: episodeLabel(episode) })}
          >
            {t('addNote')}
          </RecordFormButton>
        </Group>
      );
    },
  };
  return (
    <RecordsTab
      title={t('presentations')}
      columns={columns}
      actions={actions}
      rows={episodes.data ? presentationRows(episodes.data.episodes, enrollment.attendances) : undefined}
      rowKey={(row) => row.episode.id}
      emptyMessage={t('noPresentations')}
      loading={episodes.isLoading}
      minWidth={560}
    />
  );
}
