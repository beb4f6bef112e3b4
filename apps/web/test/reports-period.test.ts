import type { ReportResponse } from '@srs/shared/reports';
import { describe, expect, it } from 'vitest';
import { barsOf } from '../src/features/reports/components/period-report.tsx';
import { cellText } from '../src/features/reports/components/report-table.tsx';
import {
  isPeriodKind,
  periodIsValid,
  periodParams,
  periodQueryOf,
  periodRange,
  periodSentence,
  periodViewOf,
  reportKindOf,
  withFilter,
} from '../src/features/reports/period-params.ts';

describe('a report over a period in the URL', () => {
  it('opens on this quarter, grouped the first way, and keeps what was chosen in a bookmarkable address', () => {
    const view = periodViewOf(new URLSearchParams('report=lessons'), 'lessons');
    expect(view).toEqual({ kind: 'lessons', group: 'course', period: 'this-quarter', filters: {} });
    expect(periodQueryOf(view, '2026-11-26')).toEqual({ group: 'course', from: '2026-10-01', to: '2026-12-31' });
    const chosen = withFilter({ ...view, group: 'delivery_type' }, 'series_id', '7');
    const address = periodParams({ ...chosen, period: 'custom', from: '2026-01-01', to: '2026-03-31' });
    expect(address.toString()).toBe('report=lessons&group=delivery_type&period=custom&from=2026-01-01&to=2026-03-31&series_id=7');
    expect(periodQueryOf(periodViewOf(address, 'lessons'), '2026-11-26')).toEqual({
      group: 'delivery_type',
      from: '2026-01-01',
      to: '2026-03-31',
      series_id: '7',
    });
  });

  it('leaves out what a person could not have chosen, and the filters a report does not take', () => {
    const params = new URLSearchParams('group=planet&period=someday&school_id=abc&delivery_type=XX&episode_id=4&instructor_id=3');
    expect(periodViewOf(params, 'enrollments')).toEqual({
      kind: 'enrollments',
      group: 'series',
      period: 'this-quarter',
      filters: { instructor_id: '3' },
    });
    expect(reportKindOf(new URLSearchParams('report=weather'))).toBe('followup');
    expect(reportKindOf(new URLSearchParams('report=turnaround'))).toBe('turnaround');
    expect(isPeriodKind('followup')).toBe(false);
  });

  it('lets go of a lesson when the course changes, and of an instructor when the school does', () => {
    const view = periodViewOf(new URLSearchParams('series_id=1&episode_id=2&school_id=3&instructor_id=4'), 'lessons');
    expect(withFilter(view, 'series_id', '9').filters).toEqual({ series_id: '9', school_id: '3', instructor_id: '4' });
    expect(withFilter(view, 'school_id', null).filters).toEqual({ series_id: '1', episode_id: '2' });
  });

  it('names the days of each period', () => {
    const today = '2026-11-26';
    expect(periodRange('this-month', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('last-month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('last-quarter', today)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(periodRange('this-quarter', '2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('last-quarter', '2026-02-28')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(periodRange('this-year', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('last-year', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(periodRange('last-12-months', today)).toEqual({ from: '2025-12-01', to: '2026-11-30' });
    expect(periodRange('all', today)).toEqual({});
    expect(periodSentence({ from: '2026-10-01', to: '2026-12-31' }, 'the day it was delivered')).toBe(
      'From 10/01/2026 to 12/31/2026, by the day it was delivered.',
    );
    expect(periodSentence({}, 'the day it was delivered')).toBe('All time, by the day it was delivered.');
  });

  it('refuses a period that ends before it starts', () => {
    const view = periodViewOf(new URLSearchParams('period=custom&from=2026-03-01&to=2026-02-01'), 'decisions');
    expect(periodIsValid(view)).toBe(false);
    expect(periodIsValid({ ...view, to: '2026-03-01' })).toBe(true);
  });
});

describe("a report's chart and cells", () => {
  const report: ReportResponse = {
    columns: [
      { key: 'name', label: 'Product', kind: 'text' },
      { key: 'deliveries', label: 'Deliveries', kind: 'number' },
      { key: 'amount', label: 'Amount ($)', kind: 'money' },
      { key: 'rate', label: 'Graduation rate (%)', kind: 'percent' },
      { key: 'median', label: 'Median (days)', kind: 'days' },
    ],
    rows: [{ key: '3', name: 'Bible', deliveries: 1200, amount: 1024.5, rate: 12.5, median: 7.5 }],
    totals: { name: 'Total', deliveries: 1200, amount: 1024.5, rate: 12.5, median: 7.5 },
  };

  it('draws the first figure and says the others beside it', () => {
    expect(barsOf(report)).toEqual([
      {
        key: '3',
        label: 'Bible',
        value: 1200,
        detail: 'Amount $1,024.50 · Graduation rate 12.5% · Median 7.5 days',
      },
    ]);
    expect(barsOf(undefined)).toEqual([]);
    expect(cellText(report.columns[2]!, 0)).toBe('$0.00');
  });
});
