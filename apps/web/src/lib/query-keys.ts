import type { SeriesType } from '@srs/shared/enrollments';
import type { QueryParams } from './http.ts';

/*
 * Every query key of the app, one factory per domain. A key nests under its domain's, so that an
 * invalidation names what it means (studentKeys.all: every student list, page and record of a
 * student); the factories live here because one feature's writes change what another shows.
 */

const students = ['students'] as const;
export const studentKeys = {
  all: students,
  lists: () => [...students, 'list'] as const,
  list: (query: QueryParams) => [...students, 'list', query] as const,
  /** The student page and the record forms share this key, so they share one copy. */
  detail: (id: number) => [...students, 'detail', id] as const,
  // A student's records live under the student's key: invalidating the student refreshes its open tab.
  decisions: (id: number) => [...students, 'detail', id, 'decisions'] as const,
  products: (id: number) => [...students, 'detail', id, 'products'] as const,
  notes: (id: number) => [...students, 'detail', id, 'notes'] as const,
  picker: (text: string) => [...students, 'picker', text] as const,
  duplicates: (words: readonly string[]) => [...students, 'duplicates', words] as const,
  suggestedSchools: (seriesId: number, zipCode: string) => [...students, 'suggested_schools', seriesId, zipCode] as const,
};

const enrollments = ['enrollments'] as const;
export const enrollmentKeys = {
  all: enrollments,
  needingFollowup: () => [...enrollments, 'needing_followup'] as const,
  followupList: (query: QueryParams) => [...enrollments, 'needing_followup', query] as const,
  remindersDue: () => [...enrollments, 'reminders_due'] as const,
  remindersDueList: (query: QueryParams) => [...enrollments, 'reminders_due', query] as const,
  detail: (id: number) => [...enrollments, 'detail', id] as const,
  decisionsSummary: (id: number) => [...enrollments, 'detail', id, 'decisions_summary'] as const,
};

const users = ['users'] as const;
export const userKeys = {
  all: users,
  me: () => [...users, 'me'] as const,
  account: () => [...users, 'me', 'account'] as const,
  instructors: (query: QueryParams) => [...users, 'instructors', query] as const,
  schoolStaff: (schoolId: number) => [...users, 'school', schoolId] as const,
  share: (query: string) => [...users, 'share', query] as const,
  detail: (id: number) => [...users, 'detail', id] as const,
  students: (id: number, query: QueryParams) => [...users, 'detail', id, 'students', query] as const,
  courses: (id: number) => [...users, 'detail', id, 'courses'] as const,
  signupRequests: () => [...users, 'signup_requests'] as const,
  signupSchools: (query: string) => [...users, 'signup_schools', query] as const,
};

const schools = ['schools'] as const;
export const schoolKeys = {
  all: schools,
  list: (query: QueryParams) => [...schools, 'list', query] as const,
  options: () => [...schools, 'simple_list'] as const,
  detail: (id: number) => [...schools, 'detail', id] as const,
  // A school's tabs live under the school's key: a write to the school refreshes them too.
  instructors: (id: number) => [...schools, 'detail', id, 'instructors'] as const,
  courses: (id: number, offerable: boolean) => [...schools, 'detail', id, 'courses', offerable] as const,
  seminars: (id: number) => [...schools, 'detail', id, 'seminars'] as const,
  students: (id: number, query: QueryParams) => [...schools, 'detail', id, 'students', query] as const,
  conferences: () => [...schools, 'conferences'] as const,
};

export type SeriesFilter = { type?: SeriesType; schoolId?: number | null; studentId?: number | null };

const series = ['series'] as const;
export const seriesKeys = {
  all: series,
  list: (type: SeriesType, query: QueryParams) => [...series, type, query] as const,
  options: (filter: SeriesFilter) =>
    [...series, 'simple_list', filter.type ?? 'all', filter.schoolId ?? null, filter.studentId ?? null] as const,
  episodes: (id: number) => [...series, id, 'episodes'] as const,
  decisionOptions: (id: number) => [...series, id, 'decision_options'] as const,
  products: (id: number) => [...series, id, 'products'] as const,
  /** One series' page and everything under it: invalidating it refreshes its pickers and editors. */
  record: (id: number) => [...series, id] as const,
  detail: (id: number) => [...series, id, 'detail'] as const,
  schools: (id: number) => [...series, id, 'schools'] as const,
  /** The editors' lists (retired items too, with their uses): lessons, decision options, products. */
  editor: (id: number, list: 'episodes' | 'decision_options' | 'products') => [...series, id, list, 'all'] as const,
};

/** A seminar's own lists live under its series key: invalidating seriesKeys.record(id) refreshes them. */
export const seminarKeys = {
  students: (id: number, query: QueryParams) => [...series, id, 'seminar', 'students', query] as const,
  assignable: (id: number, query: QueryParams) => [...series, id, 'seminar', 'assign_students', query] as const,
  recentlyAssigned: (id: number) => [...series, id, 'seminar', 'recently_assigned'] as const,
  schools: (id: number) => [...series, id, 'seminar', 'participating_schools'] as const,
  attendances: (id: number) => [...series, id, 'seminar', 'attendances'] as const,
};

export const interestKeys = {
  all: ['interests'] as const,
  list: (query: QueryParams) => ['interests', 'list', query] as const,
  assignments: (query: QueryParams) => ['interests', 'assignments', query] as const,
  assignment: (id: number, seriesId: number | undefined) => ['interests', 'assignment', id, seriesId ?? null] as const,
  /** Under the interests' key: a change to an interest refreshes the tracking page too. */
  tracking: (query: QueryParams) => ['interests', 'tracking', query] as const,
};

export const mailKeys = { mailbox: () => ['dev', 'mailbox'] as const };

export const geoKeys = {
  countries: () => ['countries'] as const,
  states: (countryName: string) => ['states', countryName] as const,
};

export const configKeys = { config: () => ['config'] as const };

const versions = ['versions'] as const;
export const versionKeys = {
  all: versions,
  list: (query: QueryParams) => [...versions, 'list', query] as const,
  detail: (id: number) => [...versions, 'detail', id] as const,
};

const reports = ['reports'] as const;
export const reportKeys = {
  all: reports,
  followup: (query: QueryParams) => [...reports, 'followup', query] as const,
  period: (kind: string, query: QueryParams) => [...reports, kind, query] as const,
};
