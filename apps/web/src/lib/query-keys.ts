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
  detail: (id: number) => [...enrollments, 'detail', id] as const,
  decisionsSummary: (id: number) => [...enrollments, 'detail', id, 'decisions_summary'] as const,
};

const users = ['users'] as const;
export const userKeys = {
  all: users,
  me: () => [...users, 'me'] as const,
  instructors: (query: QueryParams) => [...users, 'instructors', query] as const,
  schoolStaff: (schoolId: number) => [...users, 'school', schoolId] as const,
  share: (query: string) => [...users, 'share', query] as const,
};

const schools = ['schools'] as const;
export const schoolKeys = {
  all: schools,
  list: (query: QueryParams) => [...schools, 'list', query] as const,
  options: () => [...schools, 'simple_list'] as const,
  detail: (id: number) => [...schools, 'detail', id] as const,
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
};

export const interestKeys = {
  all: ['interests'] as const,
  list: (query: QueryParams) => ['interests', 'list', query] as const,
};

export const mailKeys = { mailbox: () => ['dev', 'mailbox'] as const };

export const geoKeys = {
  countries: () => ['countries'] as const,
  states: (countryName: string) => ['states', countryName] as const,
};

export const configKeys = { config: () => ['config'] as const };
