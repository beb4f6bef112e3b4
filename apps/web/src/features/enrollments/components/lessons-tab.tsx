import { Anchor } from '@mantine/core';
import { formatDate } from '@srs/shared/dates';
import type { EnrollmentDetail, EpisodeDelivery } from '@srs/shared/enrollments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-table.tsx';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { courseEnrollmentPath } from '../../../lib/site-map/paths.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { RecordFormModal } from '../forms/record-form-modal.tsx';
import { enrollmentTarget, type RecordFormTarget } from '../forms/record-form-target.ts';
import { EditDeliveryModal } from './edit-delivery-modal.tsx';
import { deliveryTypeLabel, episodeLabel } from './enrollment-format.ts';
import { type LessonHandlers, LessonRowActions } from './lesson-actions.tsx';
import { LessonList } from './lesson-list.tsx';
import { type LessonRow, lessonRows, notesCount } from './lesson-rows.ts';
import { ReceivedModal } from './received-modal.tsx';
import { RecordFormButton } from './record-form-button.tsx';
import { useDialogRecord } from './record-dialog.tsx';
import { RecordsTab, TabToolbar } from './tab-toolbar.tsx';

const countOrDash = (row: LessonRow, count: (delivery: EpisodeDelivery) => number) =>
  row.delivery ? String(count(row.delivery)) : '-';

/** A lesson's notes are read on the questions tab (DOMAIN.md): the count leads there. */
function NotesCount({ row, questions }: { row: LessonRow; questions: string }) {
  const count = row.delivery?.notes.length ?? 0;
  if (count === 0) return countOrDash(row, () => 0);
  return (
    <Anchor component={Link} to={questions} size="sm" aria-label={`${notesCount(count)} of lesson ${episodeLabel(row.episode)}`}>
      {count}
    </Anchor>
  );
}

function columnsFor(questions: string): readonly Column<LessonRow>[] {
  return [
    { key: 'lesson', header: 'LESSON', render: (row) => episodeLabel(row.episode) },
    { key: 'sent', header: 'SENT', render: (row) => formatDate(row.delivery?.date_sent) },
    { key: 'received', header: 'RECEIVED', render: (row) => formatDate(row.delivery?.date_completed) },
    { key: 'type', header: 'TYPE', render: (row) => deliveryTypeLabel(row.delivery?.delivery_type) },
    { key: 'decisions', header: 'DECISIONS', render: (row) => countOrDash(row, (d) => d.decisions.length) },
    { key: 'notes', header: 'NOTES', render: (row) => <NotesCount row={row} questions={questions} /> },
  ];
}

/**
 * The lessons tab of a course enrollment: send a lesson, record one received with its decisions
 * and a note (Received), edit or remove one. A table on a desk, a compact list on a phone.
 */
export function LessonsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
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
  const sendButton = <RecordFormButton target={lessonTarget}>Send a lesson</RecordFormButton>;
  return (
    <>
      {mobile ? (
        <>
          <TabToolbar title="Lessons">{sendButton}</TabToolbar>
          <LessonList rows={rows} loading={episodes.isLoading} handlers={handlers} />
        </>
      ) : (
        <RecordsTab
          title="Lessons"
          buttons={sendButton}
          columns={columnsFor(courseEnrollmentPath(enrollment.student.id, enrollment.id, 'questions'))}
          actions={{ key: 'actions', header: 'ACTIONS', render: (row) => <LessonRowActions row={row} handlers={handlers} /> }}
          rows={rows}
          rowKey={(row) => row.episode.id}
          emptyMessage="This course has no lessons."
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
