import type { PeriodReportQuery, ReportFilter } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { and } from '../../core/lists.ts';
import { type Scope, visibleEnrollment, visiblePlace } from '../../core/scope.ts';
import { type Grouping, type Join, joinNeeds, joinOrder, type PeriodReport, sharedJoins } from './report-parts.ts';

/** The report's SELECT built for one user and query (period-report.ts runs it). */

export type Who = Scope | { schools: readonly number[] | 'all' };

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
function rowsSelect(grouping: Grouping, figures: SQL[], records: SQL, having?: SQL): SQL {
  const sort = grouping.sort ?? [grouping.name];
  const groupBy = sql.join([grouping.key, grouping.name, ...sort], sql`, `);
  return sql`select grouping(${grouping.key}) = 1 as total, ${grouping.key} as key, ${grouping.name} as name,
      ${sql.join(figures, sql`, `)},
      row_number() over (order by grouping(${grouping.key}), ${sql.join(sort, sql`, `)}, ${grouping.key}) as n
    from ${records}
    group by grouping sets ((${groupBy}), ())${having ? sql` having grouping(${grouping.key}) = 1 or ${having}` : sql``}`;
}

/**
 * The columns of the records, all of one alias, by which they are added up first for `grouping`
 * (with those whose distinct values a figure counts); null when some figure does not add up (a
 * median) or the columns are not known.
 */
export function addedBy(report: PeriodReport, grouping: Grouping): string[] | null {
  if (!report.measures.every((measure) => (measure.adds || measure.distinct) && !measure.total)) return null;
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
  const records = recordsOf(report, scope, query, needs);
  const grouped = report.runningSums
    ? runningSumsGrouped(report.runningSums, parts, figures, records)
    : sql`select grouping(${byColumns}) <> 0 as srs_total, ${sql.join([...parts, ...figures], sql`, `)}
      from ${records}
      group by grouping sets ((${byColumns}), ())`;
  return sql`with grouped as materialized (${grouped})
    select false as total, ${grouping.key} as key, ${grouping.name} as name, ${sql.join(kept, sql`, `)},
      row_number() over (order by ${sql.join(sort, sql`, `)}, ${grouping.key}) as n
    from grouped ${sql.join([...aliases, ...names], sql` `)}
    where not grouped.srs_total
    union all
    select true, null, null, ${sql.join(kept, sql`, `)}, ${totalsLast} from grouped where grouped.srs_total`;
}

/**
 * The figures over `records` grouped by their `columns` and over all of them (the totals, `srs_total`),
 * from running sums (`PeriodReport.runningSums`): each record's value and weight with, in the
 * value's order, the weight so far and in all within its row's records; the totals' from the
 * records added up by value first (a few hundred days out rather than every count). The figures
 * must ignore a record of no value and no weight (`min` and `sum` do).
 */
function runningSumsGrouped(sums: NonNullable<PeriodReport['runningSums']>, parts: SQL[], figures: SQL[], records: SQL): SQL {
  const keys = parts.map((_, i) => sql.identifier(`c${i}`));
  const byKeys = sql.join(keys, sql`, `);
  const none = keys.map((key) => sql`null as ${key}`);
  return sql`with srs_records as materialized (
        select ${sql.join(parts, sql`, `)}, ${sql.raw(sums.value)} as srs_value, ${sql.raw(sums.weight)} as srs_weight from ${records}
      ), rs as (
        select false as srs_total, ${byKeys}, srs_value, srs_weight,
          (sum(srs_weight) over (partition by ${byKeys} order by srs_value))::bigint as srs_seen,
          (sum(srs_weight) over (partition by ${byKeys}))::bigint as srs_all
        from srs_records
        union all
        select true, ${sql.join(none, sql`, `)}, srs_value, sum(srs_weight)::bigint,
          (sum(sum(srs_weight)) over (order by srs_value))::bigint, (sum(sum(srs_weight)) over ())::bigint
        from srs_records group by srs_value
        -- The totals row even of no records, as grouping sets give it: no value, weighing nothing.
        union all
        select true, ${sql.join(none, sql`, `)}, null, 0, 0, 0
      )
      select rs.srs_total, ${sql.join(keys.map((key) => sql`rs.${key}`), sql`, `)}, ${sql.join(figures, sql`, `)}
      from rs group by rs.srs_total, ${sql.join(keys.map((key) => sql`rs.${key}`), sql`, `)}`;
}

/**
 * The report's one SELECT: its rows and the totals, in order (`n`); the JSON answer and both
 * exports read it. When every figure adds up and the grouping says which columns it reads, the
 * records are added up by those columns first (a plain GROUP BY, which PostgreSQL can run in
 * parallel) and only the few sums are named and grouped: the network's enrollments by month over
 * twelve months read 530,000 enrollments once, not sorted by their names (1M seed: 459 -> 137 ms).
 */
export function reportSelect(report: PeriodReport, scope: Who, query: PeriodReportQuery): SQL {
  const grouping = report.groups[query.group] ?? Object.values(report.groups)[0]!;
  const columns = addedBy(report, grouping);
  const measureNeeds = report.measures.flatMap((measure) => measure.needs ?? []);
  // A totals row of its own figures (`Measure.total`) is the one step's alone.
  const grouped = !columns && report.namedAfter && !report.having && !report.measures.some((measure) => measure.total) ? groupedBy(report, grouping) : null;
  if (grouped) return namedAfterSelect(report, grouping, grouped, scope, query);
  if (report.runningSums) throw new Error('A report of running sums is grouped by columns it names afterwards (namedAfter, joinReads)');
  if (!columns) {
    const needs = [...(grouping.needs ?? []), ...measureNeeds];
    const figures = report.measures.map((measure) => {
      const figure = measure.total
        ? sql`case when grouping(${grouping.key}) = 1 then ${measure.total(query)} else ${measure.value(query)} end`
        : measure.value(query);
      return sql`${figure} as ${sql.identifier(measure.key)}`;
    });
    return rowsSelect(grouping, figures, recordsOf(report, scope, query, needs), report.having);
  }
  const alias = columns[0]!.split('.')[0]!;
  const byColumns = sql.raw(columns.join(', '));
  const part = (key: string) => sql.identifier(`part_${key}`);
  const parts = report.measures
    .filter((measure) => !measure.derived && !measure.distinct)
    .map((measure) => sql`${measure.value(query)} as ${part(measure.key)}`);
  // The alias is a join's when the parts are of a joined table (the enrollment of a lesson).
  const wanted = [...joinOrder.filter((join) => join === alias), ...measureNeeds];
  const added = sql`select ${sql.join([byColumns, ...parts], sql`, `)} from ${recordsOf(report, scope, query, wanted)} group by ${byColumns}${report.having ? sql` having ${report.having}` : sql``}`;
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
