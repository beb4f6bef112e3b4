import type { SeriesType } from '@srs/shared/enrollments';
import { mailText as t, type Notice, recipientLanguage } from '../mail/public.ts';

export type EnrollmentNoticeFacts = {
  to: string;
  /** The instructor's language (users.language): the notice is in it, else English. */
  language: string | null;
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

/** The notice to the student's instructor when 'notify instructor by email' is ticked, in the instructor's language. */
export function enrollmentNotice(facts: EnrollmentNoticeFacts): Notice {
  const language = recipientLanguage(facts.language);
  const kind = facts.seriesType === 'Course' ? 'course' : 'seminar';
  const link = `${facts.baseUrl}${enrollmentPath(facts.studentId, facts.enrollmentId, facts.seriesType)}`;
  const names = { student: facts.studentName, series: facts.seriesName, number: facts.registrationNumber };
  return {
    to: facts.to,
    kind: 'enrollment_notice',
    subject: t(language, 'enrollment.subject', names),
    text: [
      t(language, 'enrollment.enrolled', { ...names, kind }),
      t(language, 'enrollment.number', names),
      '',
      t(language, 'enrollment.open', { link }),
      '',
    ].join('\n'),
  };
}
