import type { SeriesType } from '@srs/shared/enrollments';
import type { Notice } from '../mail/public.ts';

export type EnrollmentNoticeFacts = {
  to: string;
  studentId: number;
  studentName: string;
  enrollmentId: number;
  seriesName: string;
  seriesType: SeriesType;
  registrationNumber: number;
  /** The address users reach the product at (publicUrl). */
  baseUrl: string;
};

/**
 * Where the instructor starts working: a course's lessons tab, a seminar's presentations tab (SPEC
 * section 2), or the tab named (the morning mail opens a reminder's enrollment on its reminders).
 */
export function enrollmentPath(studentId: number, enrollmentId: number, seriesType: SeriesType, tab?: 'reminders'): string {
  const kind = seriesType === 'Course' ? 'courses' : 'seminars';
  const opening = tab ?? (seriesType === 'Course' ? 'lessons' : 'presentations');
  return `/students/${studentId}/${kind}/enrollments/${enrollmentId}/${opening}`;
}

/** The notice to the student's instructor when 'notify instructor by email' is ticked. */
export function enrollmentNotice(facts: EnrollmentNoticeFacts): Notice {
  const kind = facts.seriesType === 'Course' ? 'course' : 'seminar';
  const link = `${facts.baseUrl}${enrollmentPath(facts.studentId, facts.enrollmentId, facts.seriesType)}`;
  return {
    to: facts.to,
    kind: 'enrollment_notice',
    subject: `New enrollment: ${facts.studentName} in ${facts.seriesName} (#${facts.registrationNumber})`,
    text: [
      `${facts.studentName} has been enrolled in the ${kind} ${facts.seriesName}.`,
      `Registration number: ${facts.registrationNumber}`,
      '',
      `Open the enrollment: ${link}`,
      '',
    ].join('\n'),
  };
}
