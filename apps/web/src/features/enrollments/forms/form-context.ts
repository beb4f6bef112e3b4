import type { EnrollmentSummary, SeriesType } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { episodesQuery, seriesOptionsQuery } from '../../../lib/lookups/series.ts';
import { enrollmentQuery } from '../api.ts';
import { pickableEnrollments } from './record-form-queries.ts';
import type { RecordContext, RecordFormTarget } from './record-form-target.ts';

/** What each record form receives once its student is known. */
export type RecordFormBodyProps = {
  student: Student;
  target: RecordFormTarget;
  onDone: () => void;
};

/** The target's enrollment, when it is this student's and the form offers it. */
export function preselectedEnrollment(
  { student, target }: Pick<RecordFormBodyProps, 'student' | 'target'>,
  offered: readonly EnrollmentSummary[],
): string | null {
  if (target.studentId !== student.id || !target.enrollmentId) return null;
  return offered.some((enrollment) => enrollment.id === target.enrollmentId) ? String(target.enrollmentId) : null;
}

/** The enrollment a form starts with: the target's, or the student's only one the form offers. */
export function initialEnrollment(
  props: Pick<RecordFormBodyProps, 'student' | 'target'>,
  offered: readonly EnrollmentSummary[],
): string | null {
  const only = offered.length === 1 ? offered[0] : undefined;
  return preselectedEnrollment(props, offered) ?? (only ? String(only.id) : null);
}

/** The target's lesson, presentation, visit or reminder: only with its preselected enrollment. */
export function preselectedContext(
  props: Pick<RecordFormBodyProps, 'student' | 'target'>,
  offered: readonly EnrollmentSummary[],
): RecordContext | null {
  return preselectedEnrollment(props, offered) ? (props.target.context ?? null) : null;
}

/** The target's lesson to send (an episode id as the select holds it): only with its preselected enrollment. */
export function preselectedEpisode(
  props: Pick<RecordFormBodyProps, 'student' | 'target'>,
  offered: readonly EnrollmentSummary[],
): string | null {
  return preselectedEnrollment(props, offered) && props.target.episodeId ? String(props.target.episodeId) : null;
}

/** The chosen enrollment among those offered. */
export function chosenEnrollment(offered: readonly EnrollmentSummary[], id: string | null | undefined) {
  return offered.find((enrollment) => String(enrollment.id) === id) ?? null;
}

/** The student's enrollments a form offers, priority courses first (the series list's order). */
export function useOfferedEnrollments(student: Student, type: SeriesType | null): EnrollmentSummary[] {
  const order = useQuery(seriesOptionsQuery()).data?.series;
  return useMemo(() => pickableEnrollments(student, type, order), [student, type, order]);
}

/**
 * What a note or a decision is recorded on, for the chosen enrollment: its detail (lessons sent,
 * visits, reminders) and, for a seminar, its presentations; loading until those it needs have come.
 */
export function useEnrollmentRecords(enrollment: EnrollmentSummary | null) {
  const detail = useQuery({ ...enrollmentQuery(enrollment?.id ?? 0), enabled: enrollment !== null });
  const seminar = enrollment?.series_type === 'Seminar';
  const presentations = useQuery({ ...episodesQuery(enrollment?.series_id ?? 0), enabled: seminar });
  const loading = enrollment !== null && (detail.isPending || (seminar && presentations.isPending));
  return { detail: detail.data, presentations: presentations.data?.episodes, seminar, loading };
}
