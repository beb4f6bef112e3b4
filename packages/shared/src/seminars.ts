import { z } from 'zod';
import { boundedArray, flag, idRef, ListQuery, Pagination, PersonRef, SchoolRef } from './common.ts';
import { enrollmentStatuses } from './enrollments.ts';
import { Episode } from './series.ts';

/*
 * The seminar-only calls (SPEC section 7, "Seminar only"): its students, assigning students, its
 * participating schools and their instructors, the attendance grid and the admission tickets.
 */

/** One seminar enrollment as the seminar's pages list it. */
export const SeminarStudent = z.object({
  enrollment_id: z.number(),
  registration_number: z.string(),
  status: z.enum(enrollmentStatuses),
  orphaned: z.boolean(),
  student: PersonRef,
  school: SchoolRef,
  attendances_count: z.number(),
  created_at: z.string(),
});
export type SeminarStudent = z.infer<typeof SeminarStudent>;

export const seminarStudentSorts = ['name', 'registration_number', 'status', 'school', 'created_at'] as const;
export const SeminarStudentsQuery = ListQuery.extend({ sortBy: z.enum(seminarStudentSorts).default('name') });
export type SeminarStudentsQuery = z.infer<typeof SeminarStudentsQuery>;
export const SeminarStudentsResponse = z.object({ students: z.array(SeminarStudent), pagination: Pagination });
export type SeminarStudentsResponse = z.infer<typeof SeminarStudentsResponse>;

/** GET /series/{id}/recently_assigned: the latest enrollments of the seminar the user sees. */
export const RecentlyAssignedResponse = z.object({ students: z.array(SeminarStudent) });
export type RecentlyAssignedResponse = z.infer<typeof RecentlyAssignedResponse>;

/** A student who can be assigned: in the user's scope, in a school holding or joining the seminar. */
export const AssignableStudent = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  city: z.string().nullable(),
  school: SchoolRef,
});
export type AssignableStudent = z.infer<typeof AssignableStudent>;
export const AssignStudentsQuery = ListQuery.extend({
  sortBy: z.enum(['name']).default('name'),
  school_id: idRef.optional(),
});
export type AssignStudentsQuery = z.infer<typeof AssignStudentsQuery>;
export const AssignStudentsResponse = z.object({ students: z.array(AssignableStudent), pagination: Pagination });
export type AssignStudentsResponse = z.infer<typeof AssignStudentsResponse>;

/** PUT /series/{id}/assign_student: the seminar enrollment, status Applied. */
export const AssignStudentInput = z.object({
  student_id: idRef,
  notify_instructor_by_email: flag.optional(),
});
export type AssignStudentInput = z.infer<typeof AssignStudentInput>;
export const AssignStudentResponse = SeminarStudent;

/** The most students one PUT /series/{id}/assign_students enrolls: ten pages of the assign list. */
export const maxAssignAtOnce = 100;

/**
 * PUT /series/{id}/assign_students: several students in one request and one transaction. Each is
 * checked as one assign_student would be; a student refused does not stop the others.
 */
export const AssignSeveralInput = z.object({
  student_ids: boundedArray(idRef, maxAssignAtOnce).min(1, 'Select at least one student'),
  notify_instructor_by_email: flag.optional(),
});
export type AssignSeveralInput = z.infer<typeof AssignSeveralInput>;

/** One student's result, in the order asked: the enrollment made, or why none was (the words of a 404 or 422). */
export const AssignSeveralRow = z.object({
  student_id: z.number(),
  enrollment: SeminarStudent.nullable(),
  error: z.string().nullable(),
});
export type AssignSeveralRow = z.infer<typeof AssignSeveralRow>;
export const AssignSeveralResponse = z.object({ assigned: z.number(), results: z.array(AssignSeveralRow) });
export type AssignSeveralResponse = z.infer<typeof AssignSeveralResponse>;

/** A school holding (the host) or joining the seminar, with its staff who teach. */
export const ParticipatingSchool = SchoolRef.extend({
  hosting: z.boolean(),
  /** The series_offered row of a participating school (null for the host), for DELETE /series_offered. */
  series_offered_id: z.number().nullable(),
  students_count: z.number(),
  instructors: z.array(PersonRef),
  /** Whether the user may stop this school's participation (an admin of it or of the host). */
  can_remove: z.boolean(),
});
export type ParticipatingSchool = z.infer<typeof ParticipatingSchool>;
export const ParticipatingSchoolsResponse = z.object({
  schools: z.array(ParticipatingSchool),
  /** Whether the user may add a school: an admin of the host, or of a school not yet in it. */
  can_add: z.boolean(),
});
export type ParticipatingSchoolsResponse = z.infer<typeof ParticipatingSchoolsResponse>;

/** One row of the attendance grid: a student and the presentations they attended. */
export const AttendanceRow = SeminarStudent.omit({ attendances_count: true, created_at: true }).extend({
  attended_episode_ids: z.array(z.number()),
});
export type AttendanceRow = z.infer<typeof AttendanceRow>;
export const AttendancesQuery = ListQuery.pick({ query: true });
export const AttendancesResponse = z.object({
  presentations: z.array(Episode),
  students: z.array(AttendanceRow),
});
export type AttendancesResponse = z.infer<typeof AttendancesResponse>;

export const paperSizes = ['letter', 'a4'] as const;
export type PaperSize = (typeof paperSizes)[number];
/** How many tickets a page holds (two columns of four). */
export const ticketsPerPage = 8;
/** At most this many tickets in one PDF. */
export const maxTickets = 2000;

/** GET /series/{id}/tickets.pdf: the chosen enrollments (ids), or every active one. */
export const TicketsQuery = z.object({
  ids: z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    boundedArray(idRef, maxTickets).optional(),
  ),
  paper: z.enum(paperSizes).default('letter'),
});
export type TicketsQuery = z.infer<typeof TicketsQuery>;
