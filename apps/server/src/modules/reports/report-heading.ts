import { deliveryTypeLabels } from '@srs/shared/enrollments';
import { formatDate } from '@srs/shared/dates';
import { periodWords, type ReportFilter, type ReportKind, reportDefinitions } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { exportText as t, type Language } from '../file-words/public.ts';
import { sharedText } from '../../core/i18n.ts';
import { rows } from '../../core/lists.ts';
import { type Scope, visibleSchool, visibleSeries, visibleUser } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Filters = Partial<Record<ReportFilter, number | string>>;

/** How each filter is named in the file, for a report whose series are courses, seminars or both. */
function filterLabel(kind: ReportKind, filter: ReportFilter): string {
  const series = reportDefinitions[kind].series;
  switch (filter) {
    case 'conference_id':
      return 'Conference';
    case 'school_id':
      return 'School';
    case 'instructor_id':
      return 'Instructor';
    case 'series_id':
      return series === 'any' ? 'Course or seminar' : series;
    case 'episode_id':
      return series === 'Seminar' ? 'Presentation' : series === 'Course' ? 'Lesson' : 'Lesson or presentation';
    case 'delivery_type':
      return 'Delivery type';
  }
}

/**
 * The name of each filter's record, looked up in one statement, for the records the user sees: a
 * school, an instructor, a course they do not see reads by its number (the report itself has none
 * of their rows).
 */
function namesOf(scope: Scope, filters: Filters): SQL {
  const id = (filter: ReportFilter) => (typeof filters[filter] === 'number' ? (filters[filter] as number) : null);
  const conferenceSeen = scope.all
    ? sql`true`
    : sql`(c.id = any(${sql.param([...scope.conferenceIds])}::bigint[])
        or exists (select 1 from schools cs where cs.conference_id = c.id and cs.id = any(${sql.param([...scope.memberSchoolIds])}::bigint[])))`;
  return sql`select
    (select c.name from conferences c where c.id = ${id('conference_id')} and ${conferenceSeen}) as conference_id,
    (select sc.church_name || ' (' || sc.school_code || ')' from schools sc where sc.id = ${id('school_id')} and ${visibleSchool(scope)}) as school_id,
    (select u.first_name || ' ' || u.last_name from users u where u.id = ${id('instructor_id')} and ${visibleUser(scope)}) as instructor_id,
    (select se.name from series se where se.id = ${id('series_id')} and ${visibleSeries(scope)}) as series_id,
    (select se.name || ' – ' || ep.position || '. ' || ep.name from episodes ep join series se on se.id = ep.series_id
      where ep.id = ${id('episode_id')} and ${visibleSeries(scope)}) as episode_id`;
}

/**
 * A report's title as its file's first line reads (packages/shared's reportTitle), in the language:
 * 'Lessons by school, 09/01/2026–11/30/2026', 'Lecciones por escuela, 01/09/2026–30/11/2026'; the
 * follow-up roll-up, which has no period, as of the day it was made.
 */
export function reportTitleIn(language: Language, kind: ReportKind, group: string, query: Period | { asOf: string }): string {
  const definition = reportDefinitions[kind];
  const grouping = (definition.groups as Record<string, string>)[group] ?? group;
  // The period's words are packages/shared's, found in Spanish with their dates day first.
  const dates = 'asOf' in query ? `as of ${formatDate(query.asOf)}` : periodWords(query);
  return t(language, 'report.title', {
    report: sharedText(definition.label, language),
    grouping: sharedText(grouping, language).toLowerCase(),
    dates: sharedText(dates, language),
  });
}

type Period = { from?: string | undefined; to?: string | undefined };

/**
 * The lines an exported report opens with (issue 25): its title with its period, 'Lessons by
 * school, 09/01/2026–11/30/2026' (the follow-up roll-up as of today), then its filters in words,
 * 'School: Grace Church (101) · Delivery type: Post Office', when it has any; in the language of
 * who asked for the file (issue 29).
 */
export async function reportHeading(
  db: DbOrTx,
  scope: Scope,
  kind: ReportKind,
  query: { group: string } & Period & Filters,
  language: Language = 'en',
): Promise<string[]> {
  const title = reportTitleIn(language, kind, query.group, kind === 'followup' ? { asOf: today() } : query);
  const given = (reportDefinitions[kind].filters as readonly ReportFilter[]).filter((filter) => query[filter] !== undefined);
  if (given.length === 0) return [title];
  const [names] = given.some((filter) => filter !== 'delivery_type')
    ? await rows<Record<ReportFilter, string | null>>(db.execute(namesOf(scope, query)))
    : [];
  const words = given.map((filter) => {
    const value = query[filter]!;
    const name =
      filter === 'delivery_type'
        ? sharedText((deliveryTypeLabels as Record<string, string>)[String(value)] ?? String(value), language)
        : (names?.[filter] ?? `#${value}`);
    return `${sharedText(filterLabel(kind, filter), language)}: ${name}`;
  });
  return [title, words.join(' · ')];
}
