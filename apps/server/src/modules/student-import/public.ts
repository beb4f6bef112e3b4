/**
 * What the student import offers other modules (docs/decisions/004): its undo, which /versions
 * runs on the import's version (issue 27).
 */
export { undoForDays, undoStudentImport } from './student-import-undo.ts';
