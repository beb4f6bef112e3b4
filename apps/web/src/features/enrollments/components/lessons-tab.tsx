import { Anchor } from '@mantine/core';
import type { EnrollmentDetail, EpisodeDelivery } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { courseEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { RecordFormModal } from '../forms/record-form-modal.tsx';
import { enrollmentTarget, type RecordFormTarget } from '../forms/record-form-target.ts';
import { type LessonsT, lessonsText } from '../lessons-text.ts';
import { EditDeliveryModal } from './edit-delivery-modal.tsx';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { type LessonHandlers, LessonRowActions } from './lesson-actions.tsx';
import { LessonList } from './lesson-list.tsx';
import { type LessonRow, lessonRows } from './lesson-rows.ts';
import { ReceivedModal } from './received-modal.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { useDialogRecord } from './record-dialog.tsx';
import { RecordsTab, TabToolbar } from './tab-toolbar.tsx';

const countOrDash = (row: LessonRow, count: (delivery: EpisodeDelivery) => number) =>
  row.delivery ? String(count(row.delivery)) : '-';

/** A lesson's notes are read on the questions tab (DOMAIN.md): the count leads there. */
function NotesCount({ row, questions }: { row: LessonRow; questions: string }) {
  const t = lessonsText.useT();
  const count = row.delivery?.notes.length ?? 0;
  if (count === 0) return countOrDash(row, () => 0);
  return (
    <Anchor
      component={Link}
      to={questions}
      size="sm"
      aria-label={t('notesOfLesson', { count, n: String(count), lesson: episodeLabel(row.episode) })}
    >
      {count}
    </Anchor>
  );
}

function columnsFor(t: LessonsT, questions: string): readonly Column<LessonRow>[] {
  return [
    { key: 'lesson', header: t('columnLesson'), render: (row) => episodeLabel(row.episode) },
    { key: 'sent', header: t('columnSent'), render: (row) => formatDate(row.delivery?.date_sent) },
    { key: 'received', header: t('columnReceived'), render: (row) => formatDate(row.delivery?.date_completed) },
    { key: 'type', header: t('columnType'), render: (row) => deliveryTypeLabel(row.delivery?.delivery_type) },
    { key: 'decisions', header: t('columnDecisions'), render: (row) => countOrDash(row, (d) => d.decisions.length) },
    { key: 'notes', header: t('columnNotes'), render: (row) => <NotesCount row={row} questions={questions} /> },
  ];
}

/**
 * The lessons tab of a course enrollment: send a lesson, record one received with its decisions
 * and a note (Received), edit or remove one. A table on a desk, a compact list on a phone.
 */
export function LessonsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = lessonsText.useT();
  const mobile = useIsMobile();
  const episodes = useQuery(episodesQuery(enrollment.series_id));
  const editing = useDialogRecord<EpisodeDelivery>();
  const receiving = useDialogRecord<EpisodeDelivery>();
  const [sending, setSending] = useState<RecordFormTarget | null>(null);
  const lessonTarget = enrollmentTarget(enrollment, 'lesson');
  const handlers: LessonHandlers = {
    enrollmentId: enrollment.id,
    // The row's lesson is preselected in the lesson form.
    onSend: (episode) => setSending({ ...lessonTarget, episodeId: episode.id }),
    onReceived: receiving.open,
    onEdit: editing.open,
  };
  const rows = episodes.data ? lessonRows(episodes.data.episodes, enrollment.episode_deliveries) : undefined;
  const sendButton = <RecordFormButton target={lessonTarget}>{t('sendLesson')}</RecordFormButton>;
  return (
    <>
      {mobile ? (
        <>
          <TabToolbar title={t('title')}>{sendButton}</TabToolbar>
          <LessonList rows={rows} loading={episodes.isLoading} handlers={handlers} />
        </>
      ) : (
        <RecordsTab
          title={t('title')}
          buttons={sendButton}
          columns={columnsFor(t, courseEnrollmentPath(enrollment.student.id, enrollment.id, 'questions'))}
          actions={{ key: 'actions', header: t('columnActions'), render: (row) => <LessonRowActions row={row} handlers={handlers} /> }}
          rows={rows}
          rowKey={(row) => row.episode.id}
          emptyMessage={t('noLessons')}
          loading={episodes.isLoading}
          minWidth={560}
        />
      )}
      <RecordFormModal target={sending} onClose={() => setSending(null)} />
      <ReceivedModal
        enrollment={enrollment}
        delivery={receiving.record}
        opened={receiving.opened}
        onClose={receiving.close}
      />
      <EditDeliveryModal
        enrollmentId={enrollment.id}
        delivery={editing.record}
        opened={editing.opened}
        onClose={editing.close}
      />
    </>
  );
}
