import {
  type PeriodReportKind,
  periodReportKinds,
  type ReportFilter,
  type ReportKind,
  reportDefinitions,
  reportKinds,
  endsBeforeItStarts,
  periodOrderMessage,
} from '@srs/shared/reports';
import { formatDate } from '../../i18n/format.ts';
import { sharedText } from '../../i18n/shared.ts';
import { todayIso } from '../../lib/dates.ts';
import { reportsText } from './messages.ts';

/**
 * A report over a period as the URL keeps it (a report can be bookmarked and shared): which
 * report, its grouping, its period (a named one, kept relative to the day it is opened, or from
 * and to), and the filters that apply to it.
 */
export type PeriodView = {
  kind: PeriodReportKind;
  group: string;
  period: PeriodChoice;
  from?: string;
  to?: string;
  filters: Partial<Record<ReportFilter, string>>;
};

/** The named periods, each by its message in the reports' catalogue ('This quarter'). */
export const periodChoices = {
  'this-month': 'thisMonth',
  'last-month': 'lastMonth',
  'this-quarter': 'thisQuarter',
  'last-quarter': 'lastQuarter',
  'this-year': 'thisYear',
  'last-year': 'lastYear',
  'last-12-months': 'last12Months',
  all: 'allTime',
  custom: 'betweenDates',
} as const;
export type PeriodChoice = keyof typeof periodChoices;

/** A coordinator answers to their conference by the quarter: a report opens on this one. */
export const defaultPeriod: PeriodChoice = 'this-quarter';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const id = /^[1-9][0-9]{0,15}$/;

/** The report the URL names; the follow-up roll-up when it names none it knows. */
export function reportKindOf(params: URLSearchParams): ReportKind {
  const kind = params.get('report') ?? '';
  return (reportKinds as string[]).includes(kind) ? (kind as ReportKind) : 'followup';
}

export const isPeriodKind = (kind: ReportKind): kind is PeriodReportKind =>
  (periodReportKinds as string[]).includes(kind);

export function periodViewOf(params: URLSearchParams, kind: PeriodReportKind): PeriodView {
  const definition = reportDefinitions[kind];
  const groups = Object.keys(definition.groups);
  const group = params.get('group') ?? '';
  const period = params.get('period') ?? '';
  const view: PeriodView = {
    kind,
    group: groups.includes(group) ? group : groups[0]!,
    period: period in periodChoices ? (period as PeriodChoice) : defaultPeriod,
    filters: {},
  };
  if (view.period === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (isoDay.test(from)) view.from = from;
    if (isoDay.test(to)) view.to = to;
  }
  for (const filter of definition.filters as readonly ReportFilter[]) {
    const value = params.get(filter);
    if (!value) continue;
    if (filter === 'delivery_type' ? ['PO', 'PD', 'IH'].includes(value) : id.test(value)) view.filters[filter] = value;
  }
  return view;
}

/** A view as URL parameters. */
export function periodParams(view: PeriodView): URLSearchParams {
  const params = new URLSearchParams({ report: view.kind, group: view.group, period: view.period });
  if (view.period === 'custom') {
    if (view.from) params.set('from', view.from);
    if (view.to) params.set('to', view.to);
  }
  for (const [filter, value] of Object.entries(view.filters)) if (value) params.set(filter, value);
  return params;
}

/** A day of the local calendar as YYYY-MM-DD (JavaScript months from 0; day 0 is the month before's last). */
const day = (year: number, month: number, date: number) => todayIso(new Date(year, month, date));

/**
 * The first and last day of a named period around `today` (YYYY-MM-DD), always whole months; none
 * for all time.
 */
export function periodRange(choice: PeriodChoice, today: string): { from?: string; to?: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const m = month - 1;
  const quarter = m - (m % 3);
  switch (choice) {
    case 'this-month':
      return { from: day(year, m, 1), to: day(year, m + 1, 0) };
    case 'last-month':
      return { from: day(year, m - 1, 1), to: day(year, m, 0) };
    case 'this-quarter':
      return { from: day(year, quarter, 1), to: day(year, quarter + 3, 0) };
    case 'last-quarter':
      return { from: day(year, quarter - 3, 1), to: day(year, quarter, 0) };
    case 'this-year':
      return { from: day(year, 0, 1), to: day(year, 11, 31) };
    case 'last-year':
      return { from: day(year - 1, 0, 1), to: day(year - 1, 11, 31) };
    case 'last-12-months':
      // Whole months, this one included: the counts the server keeps by month answer them.
      return { from: day(year, m - 11, 1), to: day(year, m + 1, 0) };
    default:
      return {};
  }
}

/** The API query of a view on `today`: the grouping, the period's days and the filters. */
export function periodQueryOf(view: PeriodView, today: string): Record<string, string> {
  const range = view.period === 'custom' ? { from: view.from, to: view.to } : periodRange(view.period, today);
  const query: Record<string, string> = { group: view.group };
  if (range.from) query.from = range.from;
  if (range.to) query.to = range.to;
  for (const [filter, value] of Object.entries(view.filters)) if (value) query[filter] = value;
  return query;
}

/**
 * A filter changed: a lesson belongs to its course, and an instructor to their school, so
 * changing the course or the school lets go of them.
 */
export function withFilter(view: PeriodView, filter: ReportFilter, value: string | null): PeriodView {
  const filters = { ...view.filters };
  if (value) filters[filter] = value;
  else delete filters[filter];
  if (filter === 'series_id') delete filters.episode_id;
  if (filter === 'school_id' || filter === 'conference_id') delete filters.instructor_id;
  if (filter === 'conference_id') delete filters.school_id;
  return { ...view, filters };
}

/** The words under the To date when the period ends before it starts (the server's, with its field). */
export const periodOrderError = (): string => reportsText.t('periodOrderError', { message: sharedText(periodOrderMessage) });

/** Whether the view's period can be asked for: a custom one that ends before it starts cannot. */
export function periodIsValid(view: PeriodView): boolean {
  return !(view.period === 'custom' && endsBeforeItStarts(view));
}

/**
 * The period in words under the filters: 'From 10/01/2026 to 12/31/2026, by the day …' ('Del
 * 01/10/2026 al 31/12/2026, según el día …'); `dates` is the report's own (packages/shared).
 */
export function periodSentence(query: { from?: string; to?: string }, dates: string): string {
  const t = reportsText.t;
  const when =
    query.from && query.to
      ? t('fromTo', { from: formatDate(query.from), to: formatDate(query.to) })
      : query.from
        ? t('fromOn', { from: formatDate(query.from) })
        : query.to
          ? t('upTo', { to: formatDate(query.to) })
          : t('allTime');
  return t('periodSentence', { when, dates: sharedText(dates) });
}
