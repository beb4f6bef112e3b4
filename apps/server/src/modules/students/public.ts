/**
 * What the students module offers other modules (docs/decisions/004): the student list itself,
 * so that a list of one instructor's or one school's students behaves as GET /students does.
 */
export { listStudents } from './students.queries.ts';
export { restoreStudent, revertibleStudentField, revertStudentFields } from './student-restore.ts';
