import type { StudentImportChoice, StudentImportField, StudentImportStatus } from '@srs/shared/student-import';
import { studentFieldLabels } from '@srs/shared/students';
import { sharedText } from '../../i18n/shared.ts';
import { studentImportText } from './messages.ts';

type Key = Parameters<typeof studentImportText.t>[0];

/** The import's own meanings of a column; the others are the student form's fields. */
const importFieldKeys = {
  school: 'fieldSchool',
  instructor: 'fieldInstructor',
  series: 'fieldSeries',
  status: 'fieldStatus',
  started_on: 'fieldStartedOn',
  last_lesson_sent: 'fieldLastLessonSent',
  last_lesson_sent_on: 'fieldLastLessonSentOn',
  last_lesson_returned: 'fieldLastLessonReturned',
  last_lesson_returned_on: 'fieldLastLessonReturnedOn',
} as const satisfies Partial<Record<StudentImportField, Key>>;

/** What a meaning of a column reads as in the mapping step, in the language of the moment: the form's own field names. */
export function fieldLabel(field: StudentImportField): string {
  if (field in importFieldKeys) return studentImportText.t(importFieldKeys[field as keyof typeof importFieldKeys]);
  return sharedText(studentFieldLabels[field as keyof typeof studentFieldLabels]);
}

/** The words (their key) and colour of each row's status. */
export const statusLabels: Record<StudentImportStatus, { key: Key; color: string }> = {
  new: { key: 'statusNew', color: 'green' },
  match: { key: 'statusMatch', color: 'blue' },
  repeated: { key: 'statusRepeated', color: 'yellow' },
  refused: { key: 'statusRefused', color: 'red' },
};

export const choiceKeys = {
  skip: 'choiceSkip',
  add_enrollment: 'choiceAddEnrollment',
  create: 'choiceCreate',
} as const satisfies Record<StudentImportChoice, Key>;

/** Why a match is likely the same person. */
export const matchReasonKeys = {
  email: 'reasonEmail',
  phone: 'reasonPhone',
  name_and_zip: 'reasonNameAndZip',
} as const satisfies Record<string, Key>;
