import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Counted, Grouping, Period, PeriodReport } from './period-report.ts';
import { placeGroups, within } from './period-report.ts';
import { keptInstructorJoin } from './kept-reports.ts';
import { byEpisodeOfSeries, bySeries } from './report-rows.ts';

/**
 * The Decisions report of the whole network from the counts the database keeps by month, row and
 * month of the student's decision before in the same row (decision_months `dm`, migration 0036,
 * decision 014): a decision is its student's first in a row over whole months exactly when the
 * one before it came before the first month, so the row's distinct students are a sum of counts.
 * For a user who sees every school, by each of the report's groupings, with no filter, when the
 * database session's time zone is the one the months are kept in. The counts of one key may be
 * several rows (each change writes its difference): they are added up.
 */

/** The kept decisions (under `alias`) that are their student's first of the row within the period. */
const firstWithin = (alias: string, period: Period): SQL =>
  period.from
    ? sql`${sql.raw(alias)}.prev_month < ${period.from}::date`
    : sql`${sql.raw(alias)}.prev_month = '-infinity'::date`;

/** The network's students with a decision within the period, from the counts kept for the totals. */
const studentsWithin = (period: Period): SQL =>
  sql`(select coalesce(sum(t.decisions), 0)::int from decision_months t
    where t.kind = 'all' and ${within(sql`t.month`, period) ?? sql`true`} and ${firstWithin('t', period)})`;

/**
 * The kept decisions of one `kind`, which is the report's row `group`, named by `joins`: the
 * period's months added up first by the row's columns (the network's year by instructor is some
 * 160,000 counts, a few thousand rows once added up), then named.
 */
const keptOfKind = (kind: string, group: string, grouping: Grouping, joins: PeriodReport['joins']): Counted => ({
  network: true,
  // Months of the zone the counts are kept in, which the report's days must be of too.
  when: sql`exists (select 1 from decision_months_zone z where z.zone = current_setting('TimeZone'))`,
  report: {
    from: (period) => sql`(select dm.option_name, dm.series_id, dm.episode_id, dm.school_id, dm.instructor_id,
        sum(dm.decisions)::int as decisions, coalesce(sum(dm.decisions) filter (where ${firstWithin('dm', period)}), 0)::int as students
      from decision_months dm where dm.kind = ${kind} and ${within(sql`dm.month`, period) ?? sql`true`}
      group by dm.option_name, dm.series_id, dm.episode_id, dm.school_id, dm.instructor_id) dm`,
    joins,
    joinNeeds: {},
    scopeOf: () => sql`true`,
    where: sql`dm.decisions <> 0`,
    period: () => null,
    filters: {},
    groups: { [group]: grouping },
    measures: [
      { key: 'decisions', label: 'Decisions', kind: 'number', value: () => sql`coalesce(sum(dm.decisions), 0)::int` },
      { key: 'students', label: 'Students', kind: 'number', value: () => sql`coalesce(sum(dm.students), 0)::int`, total: studentsWithin },
    ],
  },
});

const seriesJoin = sql`join series se on se.id = dm.series_id`;

/** The Decisions report's kept counts: one per grouping. */
export const keptDecisions: readonly Counted[] = [
  keptOfKind('option', 'option', { key: sql`dm.option_name`, name: sql`dm.option_name`, sort: [sql`dm.option_name`] }, {}),
  keptOfKind('series', 'series', bySeries, { se: seriesJoin }),
  keptOfKind('lesson', 'lesson', byEpisodeOfSeries, { ep: sql`left join episodes ep on ep.id = nullif(dm.episode_id, 0)`, se: seriesJoin }),
  keptOfKind('school', 'school', placeGroups.school, { sc: sql`join schools sc on sc.id = dm.school_id` }),
  keptOfKind('instructor', 'instructor', placeGroups.instructor, { u: keptInstructorJoin(sql`dm.instructor_id`) }),
];

/**
 * Adds up the rows of each key of the kept decisions into one (each change of a decision writes
 * its difference as new rows): once an hour, as the expired records are purged.
 */
export async function compactDecisionMonths(db: DbOrTx): Promise<void> {
  await db.execute(sql`select srs_compact_decision_months()`);
}
