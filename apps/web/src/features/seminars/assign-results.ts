import type { AssignSeveralRow } from '@srs/shared/seminars';
import { seminarsText } from './messages.ts';

/** What assigning several students came to, as the page says it: one success line, and a line for each student refused. */
export type AssignOutcome = { assigned: string | null; refused: string[] };

/**
 * The answer of PUT /series/{id}/assign_students in words: '3 students are assigned to Revelation
 * Seminar.' and, for each student refused, their name and why ('Ann Lee: Student not found'; a
 * reason that already names them, as 'Ann Lee is already enrolled in …', is said as it is). The
 * reasons are the server's, already in the person's language.
 */
export function assignOutcome(results: readonly AssignSeveralRow[], nameOf: (studentId: number) => string, seminarName: string): AssignOutcome {
  const assigned = results.filter((row) => row.enrollment !== null).length;
  const refused = results.flatMap((row) => {
    if (row.enrollment !== null) return [];
    const name = nameOf(row.student_id);
    const why = row.error ?? '';
    return [why.startsWith(name) ? why : `${name}: ${why}`];
  });
  return {
    assigned: assigned === 0 ? null : seminarsText.t('assignedMany', { count: assigned, seminar: seminarName }),
    refused,
  };
}
