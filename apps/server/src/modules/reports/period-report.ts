import type { PeriodReportQuery, ReportColumn, ReportFilter, ReportResponse } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { type CsvColumn, type CsvExport, numberCell, textCell } from '../../core/csv.ts';
import { deliveryTypeLabels, enrollmentStatuses } from '@srs/shared/enrollments';
import { exportText, type Language, measureHeading, rowNameIn } from '../file-words/public.ts';
import { and, rows } from '../../core/lists.ts';
import { type Scope, visibleEnrollment, visiblePlace } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The tables a report may join beyond its own rows, each once, in this order: the enrollment
 * (`e`), the lesson or presentation (`ep`), the student (`s`), the school (`sc`), the student's
 * instructor (`u`, kept on the enrollment) and the course or seminar (`se`). A report joins only what its
 * grouping, filters and the user's scope need: on the 1M seed a join to every enrollment doubles
 * the time of a network's lessons.
 */
export type Join = 'e' | 'ep' | 's' | 'sc' | 'u' | 'se';
const joinOrder: Join[] = ['e', 'ep', 's', 'sc', 'u', 'se'];
/** What a join reads from: the student and the school come through the enrollment. */
const joinNeeds: Partial<Record<Join, Join[]>> = { s: ['e'], sc: ['e'], u: ['e'] };

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
};

/**
 * A report over a period (DOMAIN.md "Reports", issue 11): its records (`from`, with `e` the
 * enrollment each belongs to), the joins it can add, the condition of the period, its groupings
 * and its figures.
 */
export type PeriodReport = {
  /** Its records; of the period too, for records that take it inside (the counts kept by month). */
  from: SQL | ((period: Period) => SQL);
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
};

/**
 * A report from kept counts, which answers the groupings and filters it has; `network`: counts of
 * the whole network, for a user who sees every school.
 */
export type Counted = { report: PeriodReport; network?: true };

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

/** The filters shared by every report: the place (conference, school, instructor) and the series. */
export const placeFilters: PeriodReport['filters'] = {
  conference_id: { where: (id) => sql`sc.conference_id = ${id}`, needs: ['sc'] },
  school_id: { where: (id) => sql`e.school_id = ${id}`, needs: ['e'] },
  instructor_id: { where: (id) => sql`e.instructor_id = ${id}`, needs: ['e'] },
  series_id: { where: (id) => sql`e.series_id = ${id}`, needs: ['e'] },
};

/**
 * What a report whose records carry their enrollment's place (migrations 0027, 0031, 0033) joins
 * and filters on: the school, instructor and series joins and filters read the records' own
 * columns, and no enrollment is read for them.
 */
export function carriedPlace(columns: {
  school: string;
  instructor: string;
  series: string;
}): Required<Pick<PeriodReport, 'joins' | 'joinNeeds' | 'joinReads' | 'filters'>> {
  const [school, instructor, series] = [columns.school, columns.instructor, columns.series].map((column) => sql.raw(column));
  return {
    joins: {
      sc: sql`join schools sc on sc.id = ${school}`,
      u: sql`left join users u on u.id = ${instructor}`,
      se: sql`join series se on se.id = ${series}`,
    },
    joinNeeds: {},
    joinReads: { sc: columns.school, u: columns.instructor, se: columns.series },
    filters: {
      conference_id: placeFilters.conference_id,
      school_id: { where: (id) => sql`${school} = ${id}` },
      instructor_id: { where: (id) => sql`${instructor} = ${id}` },
      series_id: { where: (id) => sql`${series} = ${id}` },
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

type Who = Scope | { schools: readonly number[] | 'all' };

/** The joins `needs` asks for and what they read from, in the joins' order. */
function joinsOf(report: PeriodReport, needs: Set<Join>): SQL[] {
  for (const join of [...needs]) for (const needed of (report.joinNeeds ?? joinNeeds)[join] ?? []) needs.add(needed);
  return joinOrder.filter((join) => needs.has(join)).map((join) => report.joins[join] ?? sharedJoins[join as Exclude<Join, 'ep'>]);
}

/**
 * The report's records this user sees within the query's period and filters: FROM, the joins
 * `wanted` and the filters and scope need, and WHERE.
 */
function recordsOf(report: PeriodReport, scope: Who, query: PeriodReportQuery, wanted: Join[]): SQL {
  const needs = new Set<Join>(wanted);
  let visible: SQL;
  if ('schools' in scope) visible = report.scopeOf!(scope.schools);
  else if (report.place) visible = visiblePlace(scope, report.place);
  else {
    if (!scope.all) needs.add('e');
    visible = visibleEnrollment(scope);
  }
  const conditions: (SQL | null)[] = [report.where ?? null, report.period(query), visible];
  for (const [filter, rule] of Object.entries(report.filters) as [ReportFilter, NonNullable<PeriodReport['filters'][ReportFilter]>][]) {
    const value = query[filter];
    if (value === undefined) continue;
    conditions.push(rule.where(value));
    for (const join of rule.needs ?? []) needs.add(join);
  }
  const from = typeof report.from === 'function' ? report.from(query) : report.from;
  return sql`${from} ${sql.join(joinsOf(report, needs), sql` `)} where ${and(conditions)}`;
}

/**
 * A row per group of `records` and the totals row (grouping sets: the totals are counted over the
 * same records, so a median or a distinct count is right), with `n`, the row's place (the totals last).
 */
function rowsSelect(grouping: Grouping, figures: SQL[], records: SQL): SQL {
  const sort = grouping.sort ?? [grouping.name];
  const groupBy = sql.join([grouping.key, grouping.name, ...sort], sql`, `);
  return sql`select grouping(${grouping.key}) = 1 as total, ${grouping.key} as key, ${grouping.name} as name,
      ${sql.join(figures, sql`, `)},
      row_number() over (order by grouping(${grouping.key}), ${sql.join(sort, sql`, `)}, ${grouping.key}) as n
    from ${records}
    group by grouping sets ((${groupBy}), ())`;
}

/**
 * The columns of the records, all of one alias, by which they are added up first for `grouping`
 * (with those whose distinct values a figure counts); null when some figure does not add up (a
 * median) or the columns are not known.
 */
export function addedBy(report: PeriodReport, grouping: Grouping): string[] | null {
  if (!report.measures.every((measure) => measure.adds || measure.distinct)) return null;
  const reads = groupedBy(report, grouping);
  if (!reads) return null;
  // The parts are one derived table under one alias, which the naming joins read from.
  const columns = [...reads, ...report.measures.flatMap((measure) => (measure.distinct ? [measure.distinct] : []))];
  return aliasOf(columns) ? [...new Set(columns)] : null;
}

/** The alias all `columns` are of (`dc` of `dc.cached_school_id`), or null when they are of several. */
const aliasOf = (columns: readonly string[]): string | null => {
  const aliases = new Set(columns.map((column) => column.split('.')[0]!));
  return aliases.size === 1 ? [...aliases][0]! : null;
};

/**
 * The columns of the records that tell `grouping`'s rows apart (its `reads` and the columns its
 * naming joins read); null when they are not known.
 */
export function groupedBy(report: PeriodReport, grouping: Grouping): string[] | null {
  const joined = (grouping.needs ?? []).map((join) => report.joinReads?.[join]);
  if (joined.some((read) => read === undefined)) return null;
  const reads = [...new Set([...(grouping.reads ?? []), ...(joined as string[])])];
  return reads.length > 0 ? reads : null;
}

/** The place of the totals row among the rows (`n`): after every row. */
const totalsLast = sql.raw('9223372036854775807');

/**
 * A report whose figures do not add up (`namedAfter`), grouped by the records' own `columns`: the
 * figures over the records grouped by those columns and over all of them (the totals: a distinct
 * count over the same records), kept once (a few hundred rows), then the rows named by the
 * grouping's joins on those columns, each alias's columns given back under it, and put in order.
 * The records keep the joins the grouping needs, so that a join that drops records drops them
 * from the totals as in one step.
 */
function namedAfterSelect(report: PeriodReport, grouping: Grouping, columns: string[], scope: Who, query: PeriodReportQuery): SQL {
  const byColumns = sql.raw(columns.join(', '));
  const needs = [...(grouping.needs ?? []), ...report.measures.flatMap((measure) => measure.needs ?? [])];
  const parts = columns.map((column, i) => sql`${sql.raw(column)} as ${sql.identifier(`c${i}`)}`);
  const figures = report.measures.map((measure) => sql`${measure.value(query)} as ${sql.identifier(measure.key)}`);
  const kept = report.measures.map((measure) => sql`grouped.${sql.identifier(measure.key)}`);
  const aliases = [...new Set(columns.map((column) => column.split('.')[0]!))].map((alias) => {
    const own = columns.flatMap((column, i) =>
      column.split('.')[0] === alias ? [sql`grouped.${sql.identifier(`c${i}`)} as ${sql.identifier(column.split('.')[1]!)}`] : [],
    );
    return sql`cross join lateral (select ${sql.join(own, sql`, `)}) ${sql.identifier(alias)}`;
  });
  const names = joinOrder
    .filter((join) => grouping.needs?.includes(join))
    .map((join) => report.joins[join] ?? sharedJoins[join as Exclude<Join, 'ep'>]);
  const sort = grouping.sort ?? [grouping.name];
  return sql`with grouped as materialized (
      select grouping(${byColumns}) <> 0 as srs_total, ${sql.join([...parts, ...figures], sql`, `)}
      from ${recordsOf(report, scope, query, needs)}
      group by grouping sets ((${byColumns}), ())
    )
    select false as total, ${grouping.key} as key, ${grouping.name} as name, ${sql.join(kept, sql`, `)},
      row_number() over (order by ${sql.join(sort, sql`, `)}, ${grouping.key}) as n
    from grouped ${sql.join([...aliases, ...names], sql` `)}
    where not grouped.srs_total
    union all
    select true, null, null, ${sql.join(kept, sql`, `)}, ${totalsLast} from grouped where grouped.srs_total`;
}

/**
 * The report's one SELECT: its rows and the totals, in order (`n`); the JSON answer and both
 * exports read it. When every figure adds up and the grouping says which columns it reads, the
 * records are added up by those columns first (a plain GROUP BY, which PostgreSQL can run in
 * parallel) and only the few sums are named and grouped: the network's enrollments by month over
 * twelve months read 530,000 enrollments once, not sorted by their names (1M seed: 459 -> 137 ms).
 */
function reportSelect(report: PeriodReport, scope: Who, query: PeriodReportQuery): SQL {
  const grouping = report.groups[query.group] ?? Object.values(report.groups)[0]!;
  const columns = addedBy(report, grouping);
  const measureNeeds = report.measures.flatMap((measure) => measure.needs ?? []);
  const grouped = !columns && report.namedAfter ? groupedBy(report, grouping) : null;
  if (grouped) return namedAfterSelect(report, grouping, grouped, scope, query);
  if (!columns) {
    const needs = [...(grouping.needs ?? []), ...measureNeeds];
    const figures = report.measures.map((measure) => sql`${measure.value(query)} as ${sql.identifier(measure.key)}`);
    return rowsSelect(grouping, figures, recordsOf(report, scope, query, needs));
  }
  const alias = columns[0]!.split('.')[0]!;
  const byColumns = sql.raw(columns.join(', '));
  const part = (key: string) => sql.identifier(`part_${key}`);
  const parts = report.measures
    .filter((measure) => !measure.derived && !measure.distinct)
    .map((measure) => sql`${measure.value(query)} as ${part(measure.key)}`);
  // The alias is a join's when the parts are of a joined table (the enrollment of a lesson).
  const wanted = [...joinOrder.filter((join) => join === alias), ...measureNeeds];
  const added = sql`select ${sql.join([byColumns, ...parts], sql`, `)} from ${recordsOf(report, scope, query, wanted)} group by ${byColumns}`;
  const sum = (key: string) => sql`sum(${sql.identifier(alias)}.${part(key)})`;
  const figures = report.measures.map((measure) => {
    const figure = measure.distinct
      ? sql`count(distinct ${sql.raw(measure.distinct)})::int`
      : measure.adds === 'count'
        ? sql`coalesce(${sum(measure.key)}, 0)::int`
        : measure.adds!(sum);
    return sql`${figure} as ${sql.identifier(measure.key)}`;
  });
  const names = joinOrder
    .filter((join) => grouping.needs?.includes(join))
    .map((join) => report.joins[join] ?? sharedJoins[join as Exclude<Join, 'ep'>]);
  return rowsSelect(grouping, figures, sql`(${added}) ${sql.identifier(alias)} ${sql.join(names, sql` `)}`);
}

/** Whether a period runs over whole months: from a first day (or open) to a last day (or open). */
export function wholeMonths(period: Period): boolean {
  const first = !period.from || period.from.endsWith('-01');
  const [year, month, day] = (period.to ?? '').split('-').map(Number) as [number, number, number];
  const last = !period.to || day === new Date(Date.UTC(year, month, 0)).getUTCDate();
  return first && last;
}

/**
 * The schools whose records the user sees as a whole, when that is all they see: every school for
 * the network, an admin's schools when none of their own or shared students is elsewhere; null
 * when the user sees students one by one (an instructor), which only the records can answer.
 */
async function schoolsSeen(db: DbOrTx, scope: Scope): Promise<readonly number[] | 'all' | null> {
  if (scope.all) return 'all';
  if (scope.adminSchoolIds.length === 0) return null;
  const admin = sql`any(${sql.param([...scope.adminSchoolIds])}::bigint[])`;
  const [outside] = await rows<{ found: boolean }>(
    db.execute(sql`select exists (select 1 from students s where s.instructor_id = ${scope.userId} and not s.school_id = ${admin})
      or exists (select 1 from student_shares ss join students s on s.id = ss.student_id
        where ss.user_id = ${scope.userId} and not s.school_id = ${admin}) as found`),
  );
  return outside?.found ? null : scope.adminSchoolIds;
}

/** The report's SELECT for this user and query: from the kept counts where they answer it. */
async function chosenSelect(db: DbOrTx, report: PeriodReport, scope: Scope, query: PeriodReportQuery): Promise<SQL> {
  const fits = (counted: Counted) =>
    (!counted.network || scope.all) &&
    query.group in counted.report.groups &&
    (Object.keys(report.filters) as ReportFilter[]).every((filter) => query[filter] === undefined || filter in counted.report.filters);
  const counted = wholeMonths(query) ? report.counted?.find(fits) : undefined;
  if (counted) {
    const schools = await schoolsSeen(db, scope);
    if (schools !== null) return reportSelect(counted.report, { schools }, query);
  }
  return reportSelect(report, scope, query);
}

/** The columns of a report as grouped: what names a row, then its figures. */
function columnsOf(report: PeriodReport, groupLabel: string): ReportColumn[] {
  return [
    { key: 'name', label: groupLabel, kind: 'text' },
    ...report.measures.map(({ key, label, kind }) => ({ key, label, kind })),
  ];
}

type Row = { total: boolean; key: string | null; name: string | null } & Record<string, unknown>;

/** A figure as JSON: a number (a sum of money or a median comes back from the database as text). */
const figure = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The report as the screen shows it: its rows in order, and the totals. */
export async function periodReport(
  db: DbOrTx,
  report: PeriodReport,
  groupLabel: string,
  scope: Scope,
  query: PeriodReportQuery,
): Promise<ReportResponse> {
  const select = await chosenSelect(db, report, scope, query);
  const found = await rows<Row>(db.execute(sql`select * from (${select}) r order by r.n`));
  const shape = (row: Row, name: string) =>
    Object.fromEntries([
      ['key', row.key ?? ''],
      ['name', name],
      ...report.measures.map((measure) => [measure.key, figure(row[measure.key])]),
    ]);
  const totalsRow = found.find((row) => row.total);
  return {
    columns: columnsOf(report, groupLabel),
    rows: found.filter((row) => !row.total).map((row) => shape(row, row.name ?? '')),
    totals: totalsRow
      ? shape(totalsRow, 'Total')
      : Object.fromEntries([['name', 'Total'], ...report.measures.map((m) => [m.key, null])]),
  };
}

/**
 * The same rows as a CSV or Excel file named `label`, the totals row last, headed in the language
 * of who asked (`labels.group` is in it already).
 */
export async function periodExport(
  db: DbOrTx,
  report: PeriodReport,
  labels: { file: string; group: string },
  scope: Scope,
  query: PeriodReportQuery,
  language: Language = 'en',
): Promise<CsvExport> {
  const cells: CsvColumn[] = report.measures.map((measure) =>
    numberCell(measureHeading(language, measure), sql`r.${sql.identifier(measure.key)}`),
  );
  const total = exportText(language, 'report.total');
  return {
    label: labels.file,
    columns: [
      textCell(
        labels.group,
        sql`case when r.total then ${total} else ${rowNameIn(language, sql`r.name`, query.group, [...enrollmentStatuses, ...Object.values(deliveryTypeLabels)])} end`,
      ),
      ...cells,
    ],
    from: sql`(${await chosenSelect(db, report, scope, query)}) r`,
    where: sql`true`,
    key: [sql`r.n`],
    language,
  };
}
