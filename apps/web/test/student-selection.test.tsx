import type { StudentListResponse } from '@srs/shared/students';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../src/lib/session.ts';
import { mobileQuery } from '../src/lib/use-is-mobile.ts';
import * as studentsList from '../src/routes/students-list.tsx';
import { mediaQueryList } from './media-query.ts';
import { makeStudent, mockApi } from './student-fixtures.ts';
import { instructor, jsonResponse, makeToken, renderRoutes, schoolAdmin } from './support.tsx';

// jsdom renders the whole list page on a shared two-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

const page = (ids: number[]): StudentListResponse => ({
  students: ids.map((id) => makeStudent(id)),
  pagination: { page: 1, per_page: 25, total_count: 40, total_pages: 2, total_capped: false, next_cursor: null, prev_cursor: null },
});

/** The screen width useIsMobile sees: a phone matches the mobile query. */
function screenIs(phone: boolean) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) =>
    mediaQueryList(query, phone && query === mobileQuery),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  screenIs(false);
});

function renderList(entry = '/students', user = schoolAdmin) {
  setToken(makeToken(user));
  const api = mockApi({
    'GET /students': (call) => jsonResponse(page(call.search.get('page') === '2' ? [4, 5] : [1, 2, 3])),
  });
  const view = renderRoutes([{ path: '/students', Component: studentsList.Component }], entry);
  return { api, ...view };
}

const barButtons = ['Reassign', 'Share', 'Unshare', 'Labels', 'Clear selection'];
const buttonsOf = (bar: HTMLElement) => within(bar).getAllByRole('button').map((button) => button.textContent);

const selectAll = () => screen.getByRole('checkbox', { name: 'Select all on this page' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });

describe('student list selection (desktop table)', () => {
  it('selects one student, then all on the page, with a count and an action bar', async () => {
    renderList();
    await screen.findByText('First1 Last1');
    expect(screen.queryByRole('toolbar', { name: 'Selected students' })).not.toBeInTheDocument();

    fireEvent.click(checkbox('First2 Last2'));
    expect(checkbox('First2 Last2')).toBeChecked();
    expect(screen.getByText('1 student selected')).toBeInTheDocument();
    expect(selectAll()).toHaveAttribute('data-indeterminate', 'true');
    const bar = screen.getByRole('toolbar', { name: 'Selected students' });
    expect(buttonsOf(bar)).toEqual(barButtons);

    fireEvent.click(selectAll());
    expect(screen.getByText('3 students selected')).toBeInTheDocument();
    for (const name of ['First1 Last1', 'First2 Last2', 'First3 Last3']) expect(checkbox(name)).toBeChecked();
    expect(selectAll()).toBeChecked();

    fireEvent.click(selectAll());
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(checkbox('First1 Last1')).not.toBeChecked();
  });

  it('keeps the selection across pages and clears it with Clear selection', async () => {
    const { router } = renderList();
    await screen.findByText('First1 Last1');
    fireEvent.click(selectAll());
    await router.navigate('/students?page=2');
    await screen.findByText('First4 Last4');
    fireEvent.click(checkbox('First4 Last4'));
    expect(screen.getByText('4 students selected')).toBeInTheDocument();
    expect(selectAll()).toHaveAttribute('data-indeterminate', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected students' })).not.toBeInTheDocument();
    expect(checkbox('First4 Last4')).not.toBeChecked();
  });

  it('starts empty when the search or a filter changes', async () => {
    const { router } = renderList('/students?sortBy=name');
    await screen.findByText('First1 Last1');
    fireEvent.click(selectAll());
    await router.navigate('/students?sortBy=created_at&orderBy=desc');
    expect(screen.getByText('3 students selected')).toBeInTheDocument();
    await router.navigate('/students?sortBy=created_at&orderBy=desc&section=mine');
    await waitFor(() => expect(screen.queryByText('3 students selected')).not.toBeInTheDocument());
    expect(checkbox('First1 Last1')).not.toBeChecked();
  });

  it('offers Reassign to admins only', async () => {
    renderList('/students', instructor);
    await screen.findByText('First1 Last1');
    fireEvent.click(selectAll());
    const bar = screen.getByRole('toolbar', { name: 'Selected students' });
    expect(within(bar).queryByRole('button', { name: 'Reassign' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });
});

describe('student list selection (phone cards)', () => {
  it('puts a checkbox on every card and selects all on the page', async () => {
    screenIs(true);
    renderList();
    const cards = await screen.findByRole('list', { name: 'Students' });
    expect(within(cards).getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(within(cards).getByRole('checkbox', { name: 'Select First3 Last3' }));
    expect(screen.getByText('1 student selected')).toBeInTheDocument();
    fireEvent.click(selectAll());
    expect(screen.getByText('3 students selected')).toBeInTheDocument();
    expect(within(cards).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
  });
});

describe('student list on a phone: sort and the selection actions', () => {
  it('sorts the cards through the same sortBy and orderBy as the desktop headers, back to page 1', async () => {
    screenIs(true);
    const { api, router } = renderList('/students?page=2&section=mine');
    await screen.findByText('First4 Last4');
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sortBy).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Name',
      'Address',
      'Created',
      'Instructor',
      'School',
    ]);
    expect(sortBy).toHaveValue('name');

    fireEvent.change(sortBy, { target: { value: 'created_at' } });
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&section=mine&sortBy=created_at&orderBy=asc'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'desc' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('orderBy')).toBe('desc'));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('created_at');
    await waitFor(() =>
      expect(api.calls.at(-1)?.search.toString()).toContain('sortBy=created_at&orderBy=desc'),
    );
  });

  it('builds the second choice on the first when both come before the list has caught up', async () => {
    screenIs(true);
    const { router } = renderList();
    await screen.findByText('First1 Last1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'school' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'desc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=school&orderBy=desc&page=1'));
  });

  it('has no sort control on a desk, where the headers sort', async () => {
    renderList();
    await screen.findByText('First1 Last1');
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
  });

  it('keeps the actions in view below the list, clear of the Quick Add button, while students are ticked', async () => {
    screenIs(true);
    renderList();
    const cards = await screen.findByRole('list', { name: 'Students' });
    expect(screen.queryByRole('toolbar', { name: 'Selected students' })).not.toBeInTheDocument();
    fireEvent.click(within(cards).getByRole('checkbox', { name: 'Select First3 Last3' }));

    const bar = screen.getByRole('toolbar', { name: 'Selected students' });
    // After the cards in the page, stuck to the bottom of the screen as the list scrolls.
    expect(cards.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const sticky = bar.closest<HTMLElement>('[style*="sticky"]');
    expect(sticky).not.toBeNull();
    expect(sticky).toHaveStyle({ position: 'sticky', bottom: '12px' });
    expect(Number.parseInt(sticky?.style.marginRight ?? '0', 10)).toBeGreaterThanOrEqual(72);
    expect(buttonsOf(bar)).toEqual(barButtons);

    fireEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected students' })).not.toBeInTheDocument();
  });
});
