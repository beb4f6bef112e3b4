import { addMonths, type InterestTrackingResponse } from '@srs/shared/interest-tracking';
import type { TokenUser } from '@srs/shared/roles';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { shareText } from '../src/features/interests/tracking-params.ts';
import { todayIso } from '../src/lib/dates.ts';
import { setToken } from '../src/lib/session.ts';
import { Component as InterestTrackingPage } from '../src/routes/interest-tracking.tsx';
import { phoneScreen } from './media-query.ts';
import { makeToken, mockJsonApi, Wrapper } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

const globalAdmin: TokenUser = {
  id: 1,
  first_name: 'Grace',
  last_name: 'Global',
  email: 'global.admin@demo.test',
  admin: false,
  roles: [{ id: 1, role_type: 'global_admin', organization_type: null, organization_id: null, organization_name: null }],
};

const alpha = { id: 3, school_code: 'A1', church_name: 'Alpha Church' };
const beta = { id: 4, school_code: 'B2', church_name: 'Beta Church' };
const zero = { received: 0, assigned: 0, contacted: 0, enrolled: 0 };

const report: InterestTrackingResponse = {
  from: '2025-12',
  to: '2026-11',
  as_of: '2026-11-27',
  months: [
    {
      month: '2026-11',
      schools: [
        { school: alpha, received: 4, assigned: 3, contacted: 2, enrolled: 1 },
        { school: beta, received: 3, assigned: 3, contacted: 2, enrolled: 0 },
        { school: null, received: 5, assigned: 0, contacted: 0, enrolled: 0 },
      ],
      total: { received: 12, assigned: 6, contacted: 4, enrolled: 1 },
    },
    { month: '2026-10', schools: [], total: zero },
  ],
  total: { received: 12, assigned: 6, contacted: 4, enrolled: 1 },
  unworked: [
    { key: 'week', label: '0–7 days', count: 5, oldest_received_on: '2026-11-20' },
    { key: 'month', label: '8–30 days', count: 0, oldest_received_on: null },
    { key: 'quarter', label: '31–90 days', count: 3, oldest_received_on: '2026-09-01' },
    { key: 'older', label: 'Over 90 days', count: 1, oldest_received_on: '2025-02-14' },
  ],
  awaiting_contact: [{ school: beta, count: 2, oldest_assigned_at: '2026-11-15', days_waiting: 12 }],
};

function renderPage(search = '') {
  setToken(makeToken(globalAdmin));
  const api = mockJsonApi({
    'GET /interests/tracking': () => report,
    'GET /schools/simple_list': () => ({
      schools: [alpha, beta].map((s) => ({ ...s, city: null, state: null, zip_code: null, students_count: 0, head_school_admin: true })),
    }),
  });
  render(
    <MemoryRouter initialEntries={[`/interests/tracking${search}`]}>
      <InterestTrackingPage />
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
  return api;
}

/** The texts of a row's cells, its header cell first. */
const rowOf = (name: string) =>
  Array.from(screen.getByRole('rowheader', { name }).closest('tr')!.children, (cell) => cell.textContent);

describe('/interests/tracking', () => {
  it('asks for the last 12 months, this one included, and shows each school’s funnel with its share of received', async () => {
    const api = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Interest tracking' })).toBeInTheDocument();
    const funnel = await screen.findByRole('table', { name: /Interests per school and month received/ });
    const thisMonth = todayIso().slice(0, 7);
    const asked = api.callsTo('GET', '/interests/tracking')[0]!.search;
    expect([asked.get('from'), asked.get('to'), asked.get('school_id')]).toEqual([addMonths(thisMonth, -11), thisMonth, null]);

    expect(within(funnel).getByRole('rowheader', { name: 'November 2026' })).toBeInTheDocument();
    expect(rowOf('Alpha Church (A1)')).toEqual(['Alpha Church (A1)', '4', '3 · 75%', '2 · 50%', '1 · 25%']);
    expect(rowOf('Beta Church (B2)')).toEqual(['Beta Church (B2)', '3', '3 · 100%', '2 · 67%', '0 · 0%']);
    expect(rowOf('Not assigned yet')).toEqual(['Not assigned yet', '5', '0 · 0%', '0 · 0%', '0 · 0%']);
    expect(rowOf('All schools')).toEqual(['All schools', '12', '6 · 50%', '4 · 33%', '1 · 8%']);
    // A month without interests says so, and has no total row.
    expect(within(funnel).getByRole('rowheader', { name: 'October 2026' })).toBeInTheDocument();
    expect(within(funnel).getByText('No interests were received this month.')).toBeInTheDocument();
    expect(within(funnel).getAllByRole('rowheader', { name: 'All schools' })).toHaveLength(1);

    // The period's funnel above the table, and what each step means in plain words.
    const summary = screen.getByRole('list', { name: 'The funnel of December 2025 to November 2026, all schools' });
    expect(within(summary).getByText('33% of received')).toBeInTheDocument();
    expect(screen.getByText(/those the school has been in touch with/)).toBeInTheDocument();
    expect(shareText(3, 0)).toBe('-');
  });

  it('shows the age of the new interests nobody has worked and the assigned ones waiting for contact', async () => {
    renderPage();
    const buckets = await screen.findByRole('table', { name: 'New interests by days since received' });
    const rows = within(buckets)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['0–7 days', '5', '11/20/2026'],
      ['8–30 days', '0', '-'],
      ['31–90 days', '3', '09/01/2026'],
      ['Over 90 days', '1', '02/14/2025'],
    ]);
    expect(screen.getByText('9 new interests in all')).toBeInTheDocument();
    const waiting = screen.getByRole('table', { name: 'Interests assigned and not contacted yet, by school' });
    expect(within(waiting).getByText('Beta Church (B2)')).toBeInTheDocument();
    expect(within(waiting).getByText('11/15/2026')).toBeInTheDocument();
    expect(within(waiting).getByText('12 days')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'New interests nobody has worked yet' })).toBeInTheDocument();
  });

  it('asks for the months and the school of its address', async () => {
    const api = renderPage('?from=2026-01&to=2026-03&school_id=4');
    await screen.findByRole('table', { name: /Interests per school and month received/ });
    const asked = api.callsTo('GET', '/interests/tracking')[0]!.search;
    expect(Object.fromEntries(asked)).toEqual({ from: '2026-01', to: '2026-03', school_id: '4' });
    expect(await screen.findByText(/Only Beta Church \(B2\)\./)).toBeInTheDocument();
  });

  it('refuses a period that ends before it starts without asking the server', async () => {
    const api = renderPage('?from=2026-03&to=2026-01');
    expect(await screen.findByText('Choose a To month on or after the From month.')).toBeInTheDocument();
    expect(screen.getByText('To must be on or after the From month')).toBeInTheDocument();
    expect(api.callsTo('GET', '/interests/tracking')).toEqual([]);
  });

  it('shows each month as a card of lines on a phone', async () => {
    phoneScreen();
    renderPage();
    const november = await screen.findByRole('region', { name: 'November 2026' });
    const alphaSteps = within(november).getByRole('list', { name: 'Alpha Church (A1), November 2026' });
    expect(within(alphaSteps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Received4',
      'Assigned375% of received',
      'Contacted250% of received',
      'Enrolled125% of received',
    ]);
    expect(within(november).getByRole('list', { name: 'All schools, November 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Interests per school and month received/ })).not.toBeInTheDocument();
    const october = screen.getByRole('region', { name: 'October 2026' });
    expect(within(october).getByText('No interests were received this month.')).toBeInTheDocument();
  });
});
