import { lessonSentLabel } from '@srs/shared/enrollments';
import { messages } from '../../i18n/messages.ts';
import { sharedText } from '../../i18n/shared.ts';
import en from '../../locales/students.en.json';
import pageEn from '../../locales/student-page.en.json';

/** The students list, its filters, selection and bulk actions (issue 29). */
export const studentsText = messages('students', en);

/** A student's page: its heading, tabs, and the delete and erase dialogs. */
export const studentPageText = messages('student-page', pageEn);

/** 'Lesson 3 sent', or 'No lesson sent yet': shared's words, in the language of the moment. */
export function lessonSentText(lessonNumber: number): string {
  return sharedText(lessonSentLabel(lessonNumber));
}
