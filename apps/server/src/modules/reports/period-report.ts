import type { PeriodReportQuery, ReportColumn, ReportFilter, ReportResponse } from '@srs/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { type CsvColumn, type CsvExport, numberCell, textCell } from '../../core/csv.ts';
import { deliveryTypeLabels, enrollmentStatuses } from '@srs/shared/enrollments';
import { exportText, type Language, measureHeading, rowNameIn } from '../file-words/public.ts';
import { rows } from '../../core/lists.ts';
import type { Scope } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Counted, Period, PeriodReport } from './report-parts.ts';
import { reportSelect } from './report-select.ts';

export * from './report-parts.ts';
export { addedBy, groupedBy } from './report-select.ts';

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

/** Whether the database holds `condition`. */
async function holds(db: DbOrTx, condition: SQL): Promise<boolean> {
  const [answer] = await rows<{ holds: boolean }>(db.execute(sql`select (${condition}) as holds`));
  return answer?.holds === true;
}

/** The report's SELECT for this user and query: from the kept counts where they answer it. */
async function chosenSelect(db: DbOrTx, report: PeriodReport, scope: Scope, query: PeriodReportQuery): Promise<SQL> {
  const fits = (counted: Counted) =>
    (!counted.network || scope.all) &&
    query.group in counted.report.groups &&
    (Object.keys(report.filters) as ReportFilter[]).every((filter) => query[filter] === undefined || filter in counted.report.filters);
  // What the user sees as whole schools, asked of the database once.
  let seen: Awaited<ReturnType<typeof schoolsSeen>> | undefined;
  const schools = async () => (seen === undefined ? (seen = await schoolsSeen(db, scope)) : seen);
  for (const counted of wholeMonths(query) ? (report.counted ?? []).filter(fits) : []) {
    if (counted.when && !(await holds(db, counted.when))) continue;
    const whole = await schools();
    if (whole !== null) return reportSelect(counted.report, { schools: whole }, query);
    break;
  }
  // Records that carry their school (the lessons, migration 0041) are scoped on it for a user who
  // sees whole schools: no enrollment is read for the scope.
  const whole = report.scopeOf && !scope.all ? await schools() : null;
  return reportSelect(report, whole === null ? scope : { schools: whole }, query);
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
