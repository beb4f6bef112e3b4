import type { AssignSeveralRow } from '@srs/shared/seminars';

/** What assigning several students came to, as the page says it: one success line, and a line for each student refused. */
export type AssignOutcome = { assigned: string | null; refused: string[] };

const studentsText = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`;

/**
 * The answer of PUT /series/{id}/assign_students in words: '3 students are assigned to Revelation
 * Seminar.' and, for each student refused, their name and why ('Ann Lee: Student not found'; a
 * reason that already names them, as 'Ann Lee is already enrolled in …', is said as it is).
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
    assigned: assigned === 0 ? null : `${studentsText(assigned)} ${assigned === 1 ? 'is' : 'are'} assigned to ${seminarName}.`,
    refused,
  };
}
