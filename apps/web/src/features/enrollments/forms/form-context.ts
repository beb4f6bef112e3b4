import type { EnrollmentSummary, SeriesType } from '@srs/shared/enrollments';
import type { Student } from '@srs/shared/students';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { seriesOptionsQuery } from '../../../lib/lookups/series.ts';
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

/** The chosen enrollment among those offered. */
export function chosenEnrollment(offered: readonly EnrollmentSummary[], id: string | null | undefined) {
  return offered.find((enrollment) => String(enrollment.id) === id) ?? null;
}

/** The student's enrollments a form offers, priority courses first (the series list's order). */
export function useOfferedEnrollments(student: Student, type: SeriesType | null): EnrollmentSummary[] {
  const order = useQuery(seriesOptionsQuery()).data?.series;
  return useMemo(() => pickableEnrollments(student, type, order), [student, type, order]);
}
