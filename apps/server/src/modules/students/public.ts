/**
 * What the students module offers other modules (docs/decisions/004): the student list itself,
 * so that a list of one instructor's or one school's students behaves as GET /students does; the
 * one create path and the suggested schools, which an interest's assignment uses as the wizard does.
 */
export { sendStudentList } from './students.queries.ts';
// An import undone deletes its students as many single deletes would (issue 27).
export { deleteStudentsAudited } from './student-associations.ts';
export { restoreStudent, revertibleStudentField, revertStudentFields } from './student-restore.ts';
export { insertStudent, type NoticeFacts } from './students.service.ts';
// An import writes many students at once with the form's columns (modules/student-import).
export { studentColumns } from './student-access.ts';
export { normaliseZip, suggestedSchools } from './suggested-schools.queries.ts';
// Whether a person is a student already there: the import's match and the duplicates page (issue 27).
export {
  type KeyedStudent,
  likelyDuplicateCounts,
  likelyDuplicatesOf,
  type MatchReason,
  type PersonKeys,
  personKeys,
  sharedKeys,
  studentsWithKeys,
} from './same-person.queries.ts';
