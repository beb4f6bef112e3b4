import type { DecisionItem, EnrollmentDetail } from '@srs/shared/enrollments';
import type { Episode } from '@srs/shared/series';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '../../../components/data-table.tsx';
import { formatDate } from '../../../i18n/format.ts';
import { episodesQuery } from '../../../lib/lookups/series.ts';
import { type DecisionsT, decisionsText } from '../decisions-text.ts';
import { enrollmentTarget, type RecordContext } from '../forms/record-form-target.ts';
import { DecisionBadges } from './decision-badges.tsx';
import { episodeLabel } from './enrollment-format.ts';
import { RecordFormButton } from './record-form-button.tsx';
import { RecordsTab } from './tab-toolbar.tsx';

/** Where decisions were recorded: a lesson, a presentation or a visit, with the day it happened. */
export type DecisionRow = {
  key: string;
  /** The row's name: 'N. name' (the page says lessons or presentations) or 'Visit'. */
  label: string;
  /** The same with its kind, for the shortcut's accessible name. */
  where: string;
  date: string | null;
  decisions: readonly DecisionItem[];
  /** The record a 'Record a decision' shortcut opens the form for; visits record theirs in the visit. */
  context: RecordContext | null;
};

function named(kind: 'lesson' | 'presentation', record: { episode_position: number; episode_name: string }) {
  const label = episodeLabel({ position: record.episode_position, name: record.episode_name });
  const where =
    kind === 'lesson'
      ? decisionsText.t('lessonNamed', { lesson: label })
      : decisionsText.t('presentationNamed', { presentation: label });
  return { label, where };
}

/**
 * Lessons (by position) or presentations (by position), then visits with decisions, newest
 * first. A lesson's day is when it came back, or else when it was sent.
 */
export function decisionRows(enrollment: EnrollmentDetail, episodes: readonly Episode[]): DecisionRow[] {
  const episodeDates = new Map(episodes.map((episode) => [episode.id, episode.date]));
  const byPosition = <T extends { episode_position: number }>(rows: readonly T[]) =>
    [...rows].sort((a, b) => a.episode_position - b.episode_position);
  const lessons: DecisionRow[] = byPosition(enrollment.episode_deliveries).map((delivery) => ({
    key: `lesson-${delivery.id}`,
    ...named('lesson', delivery),
    date: delivery.date_completed ?? delivery.date_sent,
    decisions: delivery.decisions,
    context: { type: 'lesson', id: delivery.id },
  }));
  const presentations: DecisionRow[] = byPosition(enrollment.attendances).map((attendance) => ({
    key: `presentation-${attendance.id}`,
    ...named('presentation', attendance),
    date: episodeDates.get(attendance.episode_id) ?? null,
    decisions: attendance.decisions,
    context: { type: 'presentation', id: attendance.episode_id },
  }));
  const visits: DecisionRow[] = enrollment.visits
    .filter((visit) => visit.decisions.length > 0)
    .map((visit) => ({
      key: `visit-${visit.id}`,
      label: decisionsText.t('visit'),
      where: decisionsText.t('visit'),
      date: visit.date,
      decisions: visit.decisions,
      context: null,
    }));
  return [...lessons, ...presentations, ...visits];
}

const columnsOf = (t: DecisionsT): readonly Column<DecisionRow>[] => [
  { key: 'where', header: t('columnRecordedFor'), render: (row) => row.label },
  { key: 'date', header: t('columnDate'), render: (row) => formatDate(row.date) },
  { key: 'decisions', header: t('columnDecisions'), render: (row) => <DecisionBadges decisions={row.decisions} /> },
];

/** The decisions of each lesson (or presentation) and visit, with a shortcut to record more. */
export function DecisionsTab({ enrollment }: { enrollment: EnrollmentDetail }) {
  const t = decisionsText.useT();
  const isCourse = enrollment.series_type === 'Course';
  // Presentations carry their dates on the seminar's episodes; lessons carry theirs on the delivery.
  const episodes = useQuery({ ...episodesQuery(enrollment.series_id), enabled: !isCourse });
  const actions: Column<DecisionRow> = {
    key: 'actions',
    header: t('columnActions'),
    render: (row) =>
      row.context && (
        <RecordFormButton
          target={enrollmentTarget(enrollment, 'decision', row.context)}
          icon={<IconCircleCheck size={18} aria-hidden />}
          name={t('recordDecisionFor', { record: row.where })}
        >
          {t('recordDecision')}
        </RecordFormButton>
      ),
  };
  return (
    <RecordsTab
      title={t('title')}
      buttons={<RecordFormButton target={enrollmentTarget(enrollment, 'decision')}>{t('recordDecision')}</RecordFormButton>}
      columns={columnsOf(t)}
      actions={actions}
      rows={decisionRows(enrollment, episodes.data?.episodes ?? [])}
      rowKey={(row) => row.key}
      emptyMessage={isCourse ? t('noCourseDecisions') : t('noSeminarDecisions')}
      minWidth={480}
    />
  );
}
