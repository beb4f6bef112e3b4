import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activeStatuses } from '@srs/shared/enrollments';
import { seriesStatuses } from '@srs/shared/series';
import { carriedPlace, type Grouping, type Period, type PeriodReport, placeFilters, placeGroups, schoolsIn, sharedJoinReads, within } from './period-report.ts';
import { bySeries } from './report-rows.ts';

/**
 * The Enrollments report: the enrollments started in the period by course or seminar, status,
 * month, school or instructor, from the enrollments themselves or, over whole months for a user who
 * sees whole schools, from the counts the database keeps of them (migration 0043).
 */

/** The statuses as the rows are ordered (the series' own order) and as SQL literals. */
const literals = (statuses: readonly string[]) => statuses.map((status) => `'${status}'`).join(', ');

/** The groupings of the report's own columns, on records under `alias` with a `status` and a day `started`. */
function enrollmentGroups(alias: string, started: string): Record<'status' | 'month', Grouping> {
  const status = sql.raw(`${alias}.status`);
  const day = sql.raw(started);
  return {
    status: {
      reads: [`${alias}.status`],
      key: status,
      name: status,
      sort: [sql.raw(`array_position(array[${literals(seriesStatuses)}]::text[], ${alias}.status)`)],
    },
    month: {
      reads: [started],
      key: sql`to_char(${day}, 'YYYY-MM')`,
      name: sql`to_char(${day}, 'FMMonth YYYY')`,
      sort: [sql`to_char(${day}, 'YYYY-MM')`],
    },
  };
}

/** The report's figures from what counts its records' enrollments, and the active, graduated and inactive among them. */
function enrollmentMeasures(count: Record<'enrollments' | 'active' | 'graduated' | 'inactive', SQL>): PeriodReport['measures'] {
  return [
    { key: 'enrollments', label: 'Enrollments', kind: 'number', value: () => count.enrollments, adds: 'count' },
    { key: 'active', label: 'Active', kind: 'number', value: () => count.active, adds: 'count' },
    { key: 'graduated', label: 'Graduated', kind: 'number', value: () => count.graduated, adds: 'count' },
    { key: 'inactive', label: 'Inactive', kind: 'number', value: () => count.inactive, adds: 'count' },
    {
      key: 'graduation_rate',
      label: 'Graduation rate (%)',
      kind: 'percent',
      value: () => sql`round(100.0 * ${count.graduated} / nullif(${count.enrollments}, 0), 1)`,
      adds: (sum) => sql`round(100.0 * ${sum('graduated')} / nullif(${sum('enrollments')}, 0), 1)`,
      derived: true,
    },
  ];
}

/** The figures of records under `alias` of one status each, counted by `tally` (every record without a condition). */
function byStatus(alias: string, tally: (condition?: SQL) => SQL): PeriodReport['measures'] {
  const among = (statuses: readonly string[]) => sql.raw(`${alias}.status in (${literals(statuses)})`);
  return enrollmentMeasures({
    enrollments: tally(),
    active: tally(among(activeStatuses)),
    graduated: tally(among(['Graduated'])),
    inactive: tally(among(['Inactive'])),
  });
}

/**
 * What the kept counts under `alias` share: their months, the scope of their school, and a row only
 * where its enrollments add up to something (a key's rows may add up to 0: an enrollment counted
 * and taken away again, not yet compacted).
 */
const keptCounts = (alias: string): Pick<PeriodReport, 'scopeOf' | 'period' | 'having'> => ({
  scopeOf: schoolsIn(sql.raw(`${alias}.school_id`)),
  period: (period: Period) => within(sql.raw(`${alias}.month`), period),
  having: sql.raw(`sum(${alias}.enrollments) <> 0`),
});

/**
 * The enrollments from the counts kept per month, school, course and status (enrollment_months
 * `em`): by course, status, month or school, with every filter but the instructor.
 */
const enrollmentMonths: PeriodReport = {
  from: sql`enrollment_months em`,
  ...carriedPlace({ school: 'em.school_id', series: 'em.series_id' }),
  ...keptCounts('em'),
  groups: { series: bySeries, ...enrollmentGroups('em', 'em.month'), school: placeGroups.school },
  measures: byStatus('em', (condition) =>
    condition ? sql`coalesce(sum(em.enrollments) filter (where ${condition}), 0)::int` : sql`coalesce(sum(em.enrollments), 0)::int`,
  ),
};

/**
 * The enrollments from the counts kept per month, school and instructor, with the active, graduated
 * and inactive among them (enrollment_instructor_months `ei`): by instructor, month or school, with
 * every filter but the course.
 */
const enrollmentInstructorMonths: PeriodReport = {
  from: sql`enrollment_instructor_months ei`,
  ...carriedPlace({ school: 'ei.school_id', instructor: 'ei.instructor_id' }),
  ...keptCounts('ei'),
  groups: { instructor: placeGroups.instructor, month: enrollmentGroups('ei', 'ei.month').month, school: placeGroups.school },
  measures: enrollmentMeasures({
    enrollments: sql`coalesce(sum(ei.enrollments), 0)::int`,
    active: sql`coalesce(sum(ei.active), 0)::int`,
    graduated: sql`coalesce(sum(ei.graduated), 0)::int`,
    inactive: sql`coalesce(sum(ei.inactive), 0)::int`,
  }),
};

export const enrollmentsReport: PeriodReport = {
  from: sql`enrollments e`,
  joins: {},
  period: (period) => within(sql`e.started_on`, period),
  filters: placeFilters,
  joinReads: sharedJoinReads,
  groups: { series: bySeries, ...enrollmentGroups('e', 'e.started_on'), ...placeGroups },
  measures: byStatus('e', (condition) => (condition ? sql`count(*) filter (where ${condition})::int` : sql`count(*)::int`)),
  counted: [{ report: enrollmentMonths }, { report: enrollmentInstructorMonths }],
};

/**
 * Adds up the rows of each key of the kept enrollments into one (each change of an enrollment
 * writes its difference as new rows): once an hour, as the expired records are purged.
 */
export async function compactEnrollmentMonths(db: DbOrTx): Promise<void> {
  await db.execute(sql`select srs_compact_enrollment_months()`);
}
