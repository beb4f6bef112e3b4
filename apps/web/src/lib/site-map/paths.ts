import type { SeriesType } from '@srs/shared/enrollments';
import { generatePath, type Params } from 'react-router';
import { type PageId, pages } from './pages.ts';
import type { PageEntry } from './types.ts';

export type PathParams = Readonly<Record<string, string | number | undefined>> | Params;

/** The tab a page opens on: its named default, or its first tab. */
export function defaultTabOf(page: PageEntry): string | undefined {
  return page.defaultTab ?? page.tabs?.[0]?.path;
}

/** The address of a page (and one of its tabs) for the given path parameters. */
export function pathOf(page: PageEntry, params: PathParams = {}, tab?: string): string {
  const values = Object.fromEntries(
    Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
  const base = generatePath(page.path, values);
  return tab ? `${base.replace(/\/$/, '')}/${tab}` : base;
}

export function pathTo(id: PageId, params?: PathParams, tab?: string): string {
  return pathOf(pages[id], params, tab);
}

type Id = number | string;

/** The page of one record, on its default tab: recordPath('school', 3) is '/schools/3/overview'. */
export function recordPath(id: PageId, recordId: Id, tab?: string): string {
  const page: PageEntry = pages[id];
  const param = Object.keys(page.params ?? {}).at(-1);
  if (!param) throw new Error(`The page ${id} is not a record's`);
  return pathOf(page, { [param]: recordId }, tab ?? defaultTabOf(page));
}

export const studentPath = (studentId: Id, tab = defaultTabOf(pages.student)) => pathTo('student', { studentId }, tab);

/** The enrollment page of each kind of series. */
export const enrollmentPageIds = { Course: 'course-enrollment', Seminar: 'seminar-enrollment' } as const satisfies Record<
  SeriesType,
  PageId
>;

/** SPEC section 2: a course enrollment opens on its lessons tab, a seminar enrollment on its presentations tab. */
export function enrollmentPath(studentId: Id, enrollmentId: Id, type: SeriesType, tab?: string): string {
  const page = pages[enrollmentPageIds[type]];
  return pathOf(page, { studentId, enrollmentId }, tab ?? defaultTabOf(page));
}

/** The kind of series of an enrollment page: the page's own entry says it, not its address. */
export function enrollmentTypeOf(page: PageEntry | undefined): SeriesType {
  return page?.id === enrollmentPageIds.Seminar ? 'Seminar' : 'Course';
}

export const courseEnrollmentPath = (studentId: Id, enrollmentId: Id, tab?: string) =>
  enrollmentPath(studentId, enrollmentId, 'Course', tab);

export const seminarEnrollmentPath = (studentId: Id, enrollmentId: Id, tab?: string) =>
  enrollmentPath(studentId, enrollmentId, 'Seminar', tab);
