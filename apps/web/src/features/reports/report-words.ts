import type { ReportCell, ReportColumn } from '@srs/shared/reports';
import { formatMonth } from '../../i18n/format.ts';
import { sharedText } from '../../i18n/shared.ts';
import { reportsText } from './messages.ts';

type Row = Record<string, ReportCell>;
type Key = Parameters<typeof reportsText.t>[0];

/** Each figure's name by its column's key (the server names them in English). */
const columnKeys: Record<string, Key> = {
  sent: 'columnSent',
  completed: 'columnCompleted',
  decisions: 'columnDecisions',
  students: 'columnStudents',
  enrollments: 'columnEnrollments',
  active: 'columnActive',
  graduated: 'columnGraduated',
  inactive: 'columnInactive',
  graduation_rate: 'columnGraduationRate',
  deliveries: 'columnDeliveries',
  quantity: 'columnQuantity',
  amount: 'columnAmount',
  attendances: 'columnAttendances',
  returned: 'columnReturned',
  median_days: 'columnMedianDays',
  p90_days: 'columnP90Days',
  needing_followup: 'columnNeedingFollowup',
  oldest_days: 'columnOldestDays',
};

/**
 * A column's header in the language the app draws in: a figure by its key, the first column (what
 * names a row: 'Course', 'School') by the grouping's name, which packages/shared gives.
 */
export function columnLabel(column: ReportColumn): string {
  const key = columnKeys[column.key];
  return key ? reportsText.t(key) : sharedText(column.label);
}

/** What the server calls a row that names nothing (no instructor, no delivery type, a visit's decision). */
const unnamedRows: Record<string, Key> = { 'No instructor': 'noInstructor', 'Not given': 'notGiven', 'A visit': 'aVisit' };

/**
 * A row's name as a person reads it: names of records as they were typed; a status or a delivery
 * type in the app's language (packages/shared's words); a month ('2026-11') as 'November 2026'
 * ('noviembre de 2026'); a row of nothing ('No instructor') in words of the reports' catalogue.
 */
export function rowName(group: string | undefined, row: Row): string {
  const name = String(row.name ?? '');
  const key = row.key === undefined ? row.id : row.key;
  if ((key === '' || key === null) && name in unnamedRows) return reportsText.t(unnamedRows[name]!);
  if (group === 'month' && typeof row.key === 'string' && /^\d{4}-\d{2}$/.test(row.key)) {
    const [year, month] = row.key.split('-').map(Number) as [number, number];
    return formatMonth(new Date(Date.UTC(year, month - 1, 1)));
  }
  if (group === 'status' || group === 'delivery_type') return sharedText(name);
  return name;
}

/** The totals row's name ('Total'). */
export function totalsName(value: ReportCell | undefined): string {
  return value === 'Total' ? reportsText.t('total') : String(value ?? '');
}
