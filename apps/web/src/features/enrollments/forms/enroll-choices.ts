import { activeStatuses, type EnrollmentSummary } from '@srs/shared/enrollments';
import type { SeriesOption } from '@srs/shared/series';
import type { Student } from '@srs/shared/students';
import { z } from 'zod';
import { enrollmentsText } from '../messages.ts';
import { requiredChoice } from './form-schemas.ts';

/** The enroll form: a course or seminar is required; notify the instructor as the wizard does. */
export const enrollSchema = z.object({ series_id: requiredChoice, notify_instructor_by_email: z.boolean() });
export type EnrollValues = z.input<typeof enrollSchema>;
export type EnrollOutput = z.output<typeof enrollSchema>;

type Enrollments = Pick<Student, 'course_enrollments' | 'seminar_enrollments'>;

/**
 * The student's active enrollment in a series (docs/decisions.md: at most one Applied, Enrolled or
 * Attended enrollment that is not orphaned per series; a course graduated or left may be taken
 * again), or null.
 */
export function existingEnrollment(student: Enrollments, seriesId: string | null | undefined): EnrollmentSummary | null {
  if (!seriesId) return null;
  return (
    [...student.course_enrollments, ...student.seminar_enrollments].find(
      (enrollment) =>
        !enrollment.orphaned && activeStatuses.includes(enrollment.status) && String(enrollment.series_id) === seriesId,
    ) ?? null
  );
}

/** The id of the one series the student can start, when there is exactly one. */
export function onlyOpenSeries(series: readonly SeriesOption[] | undefined, student: Enrollments): string | null {
  const open = (series ?? []).filter((option) => !existingEnrollment(student, String(option.id)));
  return open.length === 1 && open[0] ? String(open[0].id) : null;
}

export type SeriesChoice = { value: string; name: string; enrolled: boolean };
export type SeriesChoiceGroup = { heading: string; choices: SeriesChoice[] };

/** Past this many choices the list gets a filter box (SPEC section 5: pickers filter by substring). */
export const choicesWithoutFilter = 8;

/**
 * The choices of the enroll form: courses, then seminars, each in the server's order (priority
 * courses first), keeping those whose name holds the filter text (case-insensitive). A series the
 * student is already in says so, so that nobody has to pick it to find out.
 */
export function seriesChoiceGroups(
  series: readonly SeriesOption[] | undefined,
  student: Enrollments,
  filter = '',
): SeriesChoiceGroup[] {
  const text = filter.trim().toLowerCase();
  const choicesOf = (type: SeriesOption['type']) =>
    (series ?? [])
      .filter((option) => option.type === type && option.name.toLowerCase().includes(text))
      .map((option) => ({
        value: String(option.id),
        name: option.name,
        enrolled: existingEnrollment(student, String(option.id)) !== null,
      }));
  return [
    { heading: enrollmentsText.t('courses'), choices: choicesOf('Course') },
    { heading: enrollmentsText.t('seminars'), choices: choicesOf('Seminar') },
  ].filter((group) => group.choices.length > 0);
}
