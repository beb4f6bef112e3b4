/**
 * What the enrollments module offers other modules and the seed (docs/decisions/004): the one
 * definition of needing follow-up and its reason, the enrollments a student shows, who may enroll a student, and
 * the cache refresh after a bulk load, and the one create path (the seminars' assign_student
 * enrolls through it, and an interest's assignment inside its own transaction, so its rules and audit stay here). Everything else, the record pipeline first, is its own.
 */
export { followupReasonSql, needsFollowupSql, refreshAllEnrollmentCaches } from './enrollment-caches.ts';
export { enrollRule } from './enrollment-rules.ts';
// What goes with an enrollment when it is deleted (kept in its destroy version), and many deleted at once.
export { deleteEnrollmentsAudited, deleteEnrollmentsOfStudents, enrollmentDependents } from './enrollment-dependents.ts';
export { studentEnrollmentsJoin } from './enrollment-summaries.ts';
export {
  createEnrollment,
  enrollInTransaction,
} from './enrollments.service.ts';
// An import's enrollments, written as they end (its new students' and those it found).
export { countDeferred, deferCounts, enrollImported } from './imported-enrollments.ts';
// An import checks its lessons' dates by the lesson form's rule before it writes them.
export { checkDates as checkLessonDates } from './lesson-records.ts';
// The morning mail of reminders and follow-up (docs/decisions/021) lists what the dashboard lists.
export { enrollmentPath } from './enrollment-notice.ts';
export { listNeedingFollowup } from './enrollments.queries.ts';
export { listRemindersDue } from './reminders-due.queries.ts';
