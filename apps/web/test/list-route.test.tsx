import type { School } from '@srs/shared/schools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as coursesList from '../src/routes/courses-list.tsx';
import * as schoolsList from '../src/routes/schools-list.tsx';
import { setToken } from '../src/lib/session.ts';
import { appConfig, makeToken, mockJsonApi, renderWithAppClient, resetAfterEach, schoolAdmin } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const pagination = (total: number) => ({ page: 1, per_page: 25, total_count: total, total_pages: 1 });
const school = (id: number, church_name: string) =>
  ({
    id,
    school_code: String(100 + id),
    church_name,
    active: true,
    conference: { id: 1, name: 'North' },
    school_city: 'Springfield',
    school_state: 'IL',
    church_city: null,
    church_state: null,
    students_count: 4,
  }) as unknown as School;

function renderList(module: { Component: () => React.ReactNode }, path: string) {
  setToken(makeToken(schoolAdmin));
  const router = createMemoryRouter([{ path, Component: module.Component }], { initialEntries: [path] });
  return renderWithAppClient(router);
}

describe('a list route (one helper for schools, courses, seminars and instructors)', () => {
  it('shows its title, Quick find, its table and its CSV export; a header click sorts through the URL', async () => {
    const api = mockJsonApi({
      'GET /config': () => appConfig,
      'GET /schools': () => ({ schools: [school(1, 'Central Church'), school(2, 'Hillside')], pagination: pagination(2) }),
    });
    const { router } = renderList(schoolsList, '/schools');
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Schools' });
    expect(await within(table).findByRole('link', { name: 'Hillside' })).toHaveAttribute('href', '/schools/2/overview');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /quick find/i })).toBeInTheDocument();
    const first = api.callsTo('GET', '/schools')[0];
    expect(first?.search.get('sortBy')).toBe('school_code');
    expect(first?.search.get('per_page')).toBe('25');

    await userEvent.click(within(table).getByRole('button', { name: /CHURCH NAME/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=church_name&orderBy=asc&page=1'));
    await waitFor(() => expect(api.callsTo('GET', '/schools').at(-1)?.search.get('sortBy')).toBe('church_name'));
  });

  it('offers no CSV export where its list has none (courses)', async () => {
    mockJsonApi({
      'GET /config': () => appConfig,
      'GET /series': () => ({ courses: [], pagination: pagination(0) }),
    });
    renderList(coursesList, '/courses');
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeInTheDocument();
    expect(await screen.findByText('No courses available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
