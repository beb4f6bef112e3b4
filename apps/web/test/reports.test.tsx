import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportResponse } from '@srs/shared/reports';
import { describe, expect, it, vi } from 'vitest';
import { ReportTable, cellText } from '../src/features/reports/components/report-table.tsx';
import {
  followupParams,
  followupQueryOf,
  followupTitle,
  followupViewOf,
  openedRow,
  trailOf,
} from '../src/features/reports/followup-params.ts';
import { Wrapper } from './support.tsx';

describe('the follow-up roll-up in the URL', () => {
  it('goes down a level at a time and back up, each step a bookmarkable address', () => {
    const top = followupViewOf(new URLSearchParams('report=followup'));
    expect(top).toEqual({ group: 'conference' });
    const schools = openedRow(top, { id: 4, name: 'Lake Union Conference' })!;
    expect(followupQueryOf(schools)).toEqual({ group: 'school', conference_id: '4' });
    expect(followupTitle(schools)).toBe('Schools of Lake Union Conference');
    const instructors = openedRow(schools, { id: 9, name: 'Grace Church (101)' })!;
    const address = followupParams(instructors);
    expect(followupViewOf(address)).toEqual(instructors);
    expect(followupQueryOf(instructors)).toEqual({ group: 'instructor', conference_id: '4', school_id: '9' });
    expect(trailOf(instructors).map((step) => step.label)).toEqual(['All conferences', 'Lake Union Conference']);
    expect(openedRow(instructors, { id: 3, name: 'Ann Lee' })).toBeNull();
    expect(openedRow(schools, { id: null, name: 'No instructor' })).toBeNull();
  });

  it('leaves out what a person could not have chosen', () => {
    expect(followupViewOf(new URLSearchParams('group=planet&conference_id=abc&school_id=-1'))).toEqual({
      group: 'conference',
    });
  });
});

describe("a report's table", () => {
  const report: ReportResponse = {
    columns: [
      { key: 'name', label: 'Conference', kind: 'text' },
      { key: 'needing_followup', label: 'Needing follow-up', kind: 'number' },
      { key: 'oldest_days', label: 'Oldest waiting (days)', kind: 'days' },
    ],
    rows: [
      { id: 1, name: 'Lake Union', needing_followup: 1204, oldest_days: 400 },
      { id: 2, name: 'Southern Union', needing_followup: 3, oldest_days: 1 },
    ],
    totals: { name: 'Total', needing_followup: 1207, oldest_days: 400 },
  };

  it('reads its figures in words and opens a row', async () => {
    const open = vi.fn();
    render(<ReportTable label="Conferences" report={report} loading={false} emptyMessage="None." onOpen={() => open} />, {
      wrapper: Wrapper,
    });
    expect(screen.getByText('1,204')).toBeInTheDocument();
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.getByText('Total · Needing follow-up: 1,207 · Oldest waiting (days): 400 days')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lake Union' }));
    expect(open).toHaveBeenCalled();
    expect(cellText(report.columns[0]!, null)).toBe('-');
  });
});
