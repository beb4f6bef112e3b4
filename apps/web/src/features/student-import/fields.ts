import type { StudentImportChoice, StudentImportField, StudentImportStatus } from '@srs/shared/student-import';
import { studentFieldLabels } from '@srs/shared/students';

/** What each meaning of a column reads as in the mapping step: the form's own field names. */
export const fieldLabels: Record<StudentImportField, string> = {
  ...studentFieldLabels,
  school: 'School (code)',
  instructor: 'Instructor (email or name)',
  series: 'Course or seminar',
  status: 'Enrollment status',
  started_on: 'Date started',
  last_lesson_sent: 'Last lesson sent',
  last_lesson_sent_on: 'Last lesson sent on',
  last_lesson_returned: 'Last lesson returned',
  last_lesson_returned_on: 'Last lesson returned on',
};

/** The words and colour of each row's status. */
export const statusLabels: Record<StudentImportStatus, { label: string; color: string }> = {
  new: { label: 'New', color: 'green' },
  match: { label: 'Match', color: 'blue' },
  repeated: { label: 'Repeated', color: 'yellow' },
  refused: { label: 'Refused', color: 'red' },
};

export const choiceLabels: Record<StudentImportChoice, string> = {
  skip: 'Skip',
  add_enrollment: 'Add the enrollment',
  create: 'Create anyway',
};

/** Why a match is likely the same person. */
export const matchReasonLabels = { email: 'same email', phone: 'same phone', name_and_zip: 'same name and zip code' } as const;
