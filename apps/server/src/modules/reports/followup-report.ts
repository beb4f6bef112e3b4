import { type FollowupLevel, type FollowupReportQuery, type ReportColumn, type ReportResponse, reportFileLabel } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { type CsvExport, numberCell, textCell, today } from '../../core/csv.ts';
import { type Language, measureHeading, rowNameIn } from '../file-words/public.ts';
import { sharedText } from '../../core/i18n.ts';
import { and, rows } from '../../core/lists.ts';
import { type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { needsFollowupSql } from '../enrollments/public.ts';

/** Each level of the roll-up: what names a row, and the join that brings its name. */
const levels: Record<FollowupLevel, { label: string; id: SQL; name: SQL; join: SQL }> = {
  conference: {
    label: 'Conference',
    id: sql`c.id`,
    name: sql`c.name`,
    join: sql`join conferences c on c.id = sc.conference_id`,
  },
  school: { label: 'School', id: sql`sc.id`, name: sql`sc.church_name || ' (' || sc.school_code || ')'`, join: sql`` },
  instructor: {
    label: 'Instructor',
    id: sql`s.instructor_id`,
    name: sql`coalesce(u.first_name || ' ' || u.last_name, 'No instructor')`,
    join: sql`left join users u on u.id = s.instructor_id`,
  },
};

type Row = { id: number | null; name: string; needing_followup: number; oldest_days: number };

/**
 * The roll-up's rows as one SELECT (the JSON answer and the exports read the same): id, name,
 * needing_followup and oldest_days, one row per conference, school or instructor.
 */
function rollupRows(scope: Scope, query: FollowupReportQuery, followupDays: number): SQL {
  const day = today();
  const level = levels[query.group];
  const due = needsFollowupSql(day, followupDays);
  const age = sql`${day}::date - coalesce(e.cached_latest_followup_date, e.started_on)`;
  if (scope.all && query.group !== 'instructor' && query.instructor_id === undefined) {
    // The whole network by school or conference: each school's enrollments needing follow-up are
    // counted first, then the schools are named and grouped. Of every series, from the enrollments
    // kept by follow-up and reminder day (migration 0026: a few hundred rows per school, where the
    // enrollments needing follow-up on the 1M seed are 600,000, 0.67 s); of one series, from the
    // follow-up index alone (no student is read: 4.5 s -> 0.15 s).
    const bySchool =
      query.series_id === undefined
        ? sql`select fc.school_id, sum(fc.enrollments)::int as n, max(${day}::date - fc.followup_date)::int as oldest
          from followup_counts fc
          where fc.enrollments <> 0 and (fc.followup_date < ${day}::date - ${followupDays}::int or fc.reminder_date <= ${day}::date)
          group by fc.school_id`
        : sql`select e.school_id, count(*)::int as n, max(${age})::int as oldest from enrollments e
          where ${due} and e.series_id = ${query.series_id}
          group by e.school_id`;
    const where = and([
      query.conference_id !== undefined && sql`sc.conference_id = ${query.conference_id}`,
      query.school_id !== undefined && sql`sc.id = ${query.school_id}`,
    ]);
    return sql`select ${level.id}::int as id, ${level.name} as name, sum(x.n)::int as needing_followup,
        max(x.oldest)::int as oldest_days
      from (${bySchool}) x join schools sc on sc.id = x.school_id ${level.join}
      where ${where}
      group by 1, 2`;
  }
  const where = and([
    due,
    visibleStudent(scope),
    query.conference_id !== undefined && sql`sc.conference_id = ${query.conference_id}`,
    query.school_id !== undefined && sql`e.school_id = ${query.school_id}`,
    query.instructor_id !== undefined && sql`s.instructor_id = ${query.instructor_id}`,
    query.series_id !== undefined && sql`e.series_id = ${query.series_id}`,
  ]);
  return sql`select ${level.id}::int as id, ${level.name} as name, count(*)::int as needing_followup,
      max(${age})::int as oldest_days
    from enrollments e join students s on s.id = e.student_id join schools sc on sc.id = e.school_id ${level.join}
    where ${where}
    group by 1, 2`;
}

/** The slowest first, then by name; a row without an id (no instructor) after the named ones. */
const rollupOrder = [sql`-r.oldest_days`, sql`r.name`, sql`coalesce(r.id, 0)`];

const columnsOf = (group: FollowupLevel): ReportColumn[] => [
  { key: 'name', label: levels[group].label, kind: 'text' },
  { key: 'needing_followup', label: 'Needing follow-up', kind: 'number' },
  { key: 'oldest_days', label: 'Oldest waiting (days)', kind: 'days' },
];

/**
 * The follow-up roll-up (issue 11): enrollments needing follow-up (the list's own rule) by
 * conference, school or instructor, with the days since the oldest was last followed up, the
 * slowest first, so that a coordinator sees where follow-up is slipping and opens the level below.
 */
export async function followupReport(
  db: DbOrTx,
  scope: Scope,
  query: FollowupReportQuery,
  followupDays: number,
): Promise<ReportResponse> {
  const found = await rows<Row>(
    db.execute(sql`select * from (${rollupRows(scope, query, followupDays)}) r order by ${sql.join(rollupOrder, sql`, `)}`),
  );
  const list = found.map((row) => ({
    id: row.id === null ? null : Number(row.id),
    name: row.name,
    needing_followup: Number(row.needing_followup),
    oldest_days: Number(row.oldest_days),
  }));
  return {
    columns: columnsOf(query.group),
    rows: list,
    totals: {
      name: 'Total',
      needing_followup: list.reduce((sum, row) => sum + row.needing_followup, 0),
      oldest_days: list.length > 0 ? Math.max(...list.map((row) => row.oldest_days)) : null,
    },
  };
}

/** The same rows as a CSV or Excel export, named 'followup-by-{level}-{date}', headed in the language of who asked. */
export function followupExport(scope: Scope, query: FollowupReportQuery, followupDays: number, language: Language = 'en'): CsvExport {
  const [name, count, age] = columnsOf(query.group) as [ReportColumn, ReportColumn, ReportColumn];
  return {
    label: reportFileLabel('followup', query.group),
    columns: [
      textCell(sharedText(name.label, language), rowNameIn(language, sql`r.name`, query.group)),
      numberCell(measureHeading(language, count), sql`r.needing_followup`),
      numberCell(measureHeading(language, age), sql`r.oldest_days`),
    ],
    from: sql`(${rollupRows(scope, query, followupDays)}) r`,
    where: sql`true`,
    key: rollupOrder,
    language,
  };
}
