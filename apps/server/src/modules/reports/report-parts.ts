import type { PeriodReportQuery, ReportColumn, ReportFilter } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { and } from '../../core/lists.ts';

// The parts of a report over a period (period-report.ts builds and runs it): its joins, groupings,
// figures and periods.

/**
 * The tables a report may join beyond its own rows, each once, in this order: the enrollment
 * (`e`), the lesson or presentation (`ep`), the student (`s`), the school (`sc`), the student's
 * instructor (`u`, kept on the enrollment) and the course or seminar (`se`). A report joins only what its
 * grouping, filters and the user's scope need: on the 1M seed a join to every enrollment doubles
 * the time of a network's lessons.
 */
export type Join = 'e' | 'ep' | 's' | 'sc' | 'u' | 'se';
export const joinOrder: Join[] = ['e', 'ep', 's', 'sc', 'u', 'se'];
/** What a join reads from: the student and the school come through the enrollment. */
export const joinNeeds: Partial<Record<Join, Join[]>> = { s: ['e'], sc: ['e'], u: ['e'] };

/** The period, both ends included; either end may be open. */
export type Period = { from?: string | undefined; to?: string | undefined };

/**
 * One way of grouping a report's rows: what names a row, and what orders the rows. `reads`: the
 * columns of the records it is worked out from beyond those its joins read
 * (`PeriodReport.joinReads`), all of one alias (`e.status`).
 */
export type Grouping = { key: SQL; name: SQL; sort?: SQL[]; needs?: Join[]; reads?: string[] };

/**
 * One figure of a row: an aggregate over the row's records. `adds`: the same figure from its
 * value over parts of the row's records, when it adds up: 'count', the sum of its own parts (none
 * is 0), or worked out from sums of parts (`sum(key)`: the sum of a figure's parts);
 * `derived`: worked out from other figures' parts alone, with no part of its own; `distinct`: the
 * column of the records whose distinct values it counts (`a.cached_student_id`), which parts keep.
 */
export type Measure = Omit<ReportColumn, 'kind'> & {
  kind: Exclude<ReportColumn['kind'], 'text'>;
  value: (period: Period) => SQL;
  needs?: Join[];
  adds?: 'count' | ((sum: (key: string) => SQL) => SQL);
  derived?: true;
  distinct?: string;
  /**
   * The figure of the totals row, where it is not `value` over every record (a count of distinct
   * students from kept counts, which are kept for the totals apart).
   */
  total?: (period: Period) => SQL;
};

/**
 * A report over a period (DOMAIN.md "Reports", issue 11): its records (`from`, with `e` the
 * enrollment each belongs to), the joins it can add, the condition of the period, its groupings
 * and its figures.
 */
export type PeriodReport = {
  /**
   * Its records; of the query's period (and filters) too, for records that take them inside (the
   * counts kept by month, added up over the period first).
   */
  from: SQL | ((query: PeriodReportQuery) => SQL);
  joins: Partial<Record<Join, SQL>>;
  /** Which records fall in the period. */
  period: (period: Period) => SQL | null;
  /** Each filter's condition, for the filters the report takes, and what it needs joined. */
  filters: Partial<Record<ReportFilter, { where: (value: number | string) => SQL; needs?: Join[] }>>;
  groups: Record<string, Grouping>;
  measures: Measure[];
  /** A condition its records always meet (the returned lessons, the seminars' presentations). */
  where?: SQL;
  /**
   * The user's scope over its records, when they are not rows of one enrollment each (the kept
   * counts of a school's lessons): `schoolIds`, the schools whose records the user sees.
   */
  scopeOf?: (schoolIds: readonly number[] | 'all') => SQL;
  /**
   * The enrollment's school and student as its records carry them (a decision, an attendance):
   * the user's scope is tested on them and no enrollment is read for it.
   */
  place?: { school: SQL; student: SQL };
  /** What each join reads from, where it differs from the shared joins'. */
  joinNeeds?: Partial<Record<Join, Join[]>>;
  /**
   * Its figures, which do not add up (a count of distinct students), are worked out over the
   * records grouped by the grouping's own columns (`groupedBy`), and the few rows are named
   * afterwards: a sort of ids instead of names (issue 28).
   */
  namedAfter?: true;
  /**
   * Its figures are worked out from running sums (`namedAfter` only): each record a `value` (a
   * lesson's days out) and its `weight` (how many lessons), read by its measures as `rs.srs_value`,
   * `rs.srs_weight`, and, in the value's order within the row (the totals: within all), the
   * weight so far `rs.srs_seen` and in all `rs.srs_all` (`runningPercentile`, kept-reports.ts). A median without an
   * array per row: the network's turnaround by instructor sorted and walked 4,500 arrays.
   */
  runningSums?: { value: string; weight: string };
  /**
   * The column of the records each join that names a row reads (`sc`: `e.school_id`): the
   * records can then be added up by that column first and only the rows named.
   */
  joinReads?: Partial<Record<Join, string>>;
  /**
   * The same report from counts the database keeps by month and school (migrations 0010, 0024),
   * for the groupings and filters each has, the first that answers: a network's lessons over a
   * quarter are a few thousand counts instead of a million lessons.
   */
  counted?: readonly Counted[];
  /**
   * A condition a row's records meet as a whole to be a row at all (an aggregate over them): kept
   * counts written as differences, whose rows of one key may add up to 0, have records only where
   * they add up to something.
   */
  having?: SQL;
};

/**
 * A report from kept counts, which answers the groupings and filters it has; `network`: counts of
 * the whole network, for a user who sees every school.
 */
export type Counted = {
  report: PeriodReport;
  network?: true;
  /** What the database must hold for the counts to answer (their time zone is the reader's). */
  when?: SQL;
};

/**
 * The joins every report shares; a report adds the lesson's (`ep`) and may replace any. A report
 * whose records name their enrollment `e` in `from` joins it as nothing.
 */
export const sharedJoins: Record<Exclude<Join, 'ep'>, SQL> = {
  e: sql``,
  s: sql`join students s on s.id = e.student_id`,
  sc: sql`join schools sc on sc.id = e.school_id`,
  // The enrollment carries its student's instructor (migration 0024): no student is read for it.
  u: sql`left join users u on u.id = e.instructor_id`,
  se: sql`join series se on se.id = e.series_id`,
};

/** The column of the enrollment each shared join that names a row reads. */
export const sharedJoinReads: PeriodReport['joinReads'] = { sc: 'e.school_id', u: 'e.instructor_id', se: 'e.series_id' };

/** A scope of whole schools (`scopeOf`) on the records' `column`: the schools the user sees, as a list of ids. */
export const schoolsIn = (column: SQL) => (schools: readonly number[] | 'all') =>
  schools === 'all' ? sql`true` : sql`${column} = any(${sql.param([...schools])}::bigint[])`;

/** The filters shared by every report: the place (conference, school, instructor) and the series. */
export const placeFilters: PeriodReport['filters'] = {
  conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
  school_id: { where: (id) => sql`e.school_id = ${id}`, needs: ['e'] },
  instructor_id: { where: (id) => sql`e.instructor_id = ${id}`, needs: ['e'] },
  series_id: { where: (id) => sql`e.series_id = ${id}`, needs: ['e'] },
};

/**
 * What a report whose records carry their enrollment's place (migrations 0027, 0031, 0033), or
 * counts kept by place (0043, 0044), joins and filters on: the school, instructor and series joins
 * and filters read the records' own columns, and no enrollment is read for them. Counts kept without
 * an instructor or a series have neither join nor filter; an instructor of none kept as 0 joins no
 * user, as a null would.
 */
export function carriedPlace(columns: {
  school: string;
  instructor?: string;
  series?: string;
}): Required<Pick<PeriodReport, 'joins' | 'joinNeeds' | 'joinReads' | 'filters'>> {
  const school = sql.raw(columns.school);
  const instructor = columns.instructor === undefined ? null : sql.raw(columns.instructor);
  const series = columns.series === undefined ? null : sql.raw(columns.series);
  return {
    joins: {
      sc: sql`join schools sc on sc.id = ${school}`,
      ...(instructor ? { u: sql`left join users u on u.id = ${instructor}` } : {}),
      ...(series ? { se: sql`join series se on se.id = ${series}` } : {}),
    },
    joinNeeds: {},
    joinReads: {
      sc: columns.school,
      ...(columns.instructor === undefined ? {} : { u: columns.instructor }),
      ...(columns.series === undefined ? {} : { se: columns.series }),
    },
    filters: {
      conference_id: placeFilters.conference_id,
      school_id: { where: (id) => sql`${school} = ${id}` },
      ...(instructor ? { instructor_id: { where: (id: number | string) => sql`${instructor} = ${id}` } } : {}),
      ...(series ? { series_id: { where: (id: number | string) => sql`${series} = ${id}` } } : {}),
    },
  };
}

/** The groupings shared by every report: by school and by the student's instructor. */
export const placeGroups: Record<'school' | 'instructor', Grouping> = {
  school: {
    key: sql`sc.id::text`,
    name: sql`sc.church_name || ' (' || sc.school_code || ')'`,
    sort: [sql`sc.church_name`, sql`sc.school_code`],
    needs: ['sc'],
  },
  instructor: {
    key: sql`coalesce(u.id::text, '')`,
    name: sql`coalesce(u.first_name || ' ' || u.last_name, 'No instructor')`,
    sort: [sql`u.id is null`, sql`u.last_name`, sql`u.first_name`],
    needs: ['u'],
  },
};

/** `day` within the period: a SQL condition, or null when the period is open at both ends. */
export function within(day: SQL, period: Period): SQL | null {
  const parts = [
    period.from ? sql`${day} >= ${period.from}::date` : null,
    period.to ? sql`${day} <= ${period.to}::date` : null,
  ];
  return parts.some(Boolean) ? and(parts) : null;
}

/** A count of the records whose `day` falls within the period (every record with a day when open). */
export function countWithin(day: SQL, period: Period): SQL {
  return sql`count(*) filter (where ${within(day, period) ?? sql`${day} is not null`})::int`;
}
