import type { DuplicatePair, DuplicatesResponse, DuplicateStudent } from '@srs/shared/student-duplicates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergePath, notSamePersonDone } from '../src/features/student-duplicates/api.ts';
import * as page from '../src/routes/student-duplicates.tsx';
import { showSuccess } from './mocks/toasts.ts';
import { phoneScreen } from './media-query.ts';
import { type ApiCall, jsonResponse, renderRoutes, stubApi } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  showSuccess.mockClear();
});

const student = (id: number, extra: Partial<DuplicateStudent> = {}): DuplicateStudent => ({
  id,
  first_name: 'Ruth',
  middle_name: null,
  last_name: `Moab${id}`,
  school: { id: 1, school_code: '101', church_name: 'Bethlehem' },
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  email: null,
  phone: null,
  registration_numbers: [],
  created_at: '2026-03-04T10:00:00Z',
  ...extra,
});
const pair = (a: number, b: number, reasons: DuplicatePair['reasons']): DuplicatePair => ({
  students: [student(a), student(b)],
  reasons,
});

/** Answers the list from `pages` (by the `after` asked) and records the not-same-person calls. */
function api(pages: Record<string, DuplicatesResponse>) {
  return stubApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/students/duplicates') {
      return jsonResponse(pages[call.search.get('after') ?? ''] ?? { pairs: [], next: null });
    }
    if (call.method === 'POST' && call.path === '/students/duplicates/not_same_person') return new Response(null, { status: 204 });
    return jsonResponse({ error: 'unexpected' }, 500);
  });
}
const open = () => renderRoutes([{ path: '/students/duplicates', Component: page.Component }], '/students/duplicates');

describe('/students/duplicates (issue 27)', () => {
  it('lists the pairs with their reasons, a merge link and the other student', async () => {
    api({
      '': {
        pairs: [
          { ...pair(1, 2, ['email', 'phone', 'name_and_zip']), students: [student(1, { email: 'ruth@moab.example', registration_numbers: ['4711'] }), student(2)] },
          pair(3, 4, ['name_and_zip']),
        ],
        next: null,
      },
    });
    open();
    await screen.findByRole('link', { name: 'Ruth Moab1' });
    const table = screen.getByRole('table', { name: 'Likely duplicates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Same email')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Same phone')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Same name and zip')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('ruth@moab.example')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Registration 4711')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('Created 03/04/2026')).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Ruth Moab2' })).toHaveAttribute('href', '/students/2/overview');
    expect(within(rows[1]!).getByRole('link', { name: 'Merge…' })).toHaveAttribute('href', '/students/merge?keep=3&merge=4');
    expect(mergePath(pair(3, 4, ['email']))).toBe('/students/merge?keep=3&merge=4');
  });

  it('says not the same person: the pair leaves the list at once, with a notice', async () => {
    const { callsTo } = api({ '': { pairs: [pair(1, 2, ['email']), pair(3, 4, ['phone'])], next: null } });
    open();
    await screen.findByRole('link', { name: 'Ruth Moab1' });
    const table = screen.getByRole('table', { name: 'Likely duplicates' });
    const first = within(table).getAllByRole('row')[1]!;
    await userEvent.click(within(first).getByRole('button', { name: 'Not the same person' }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Ruth Moab1' })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'Ruth Moab3' })).toBeInTheDocument();
    expect(callsTo('POST', '/students/duplicates/not_same_person').map((call) => call.body)).toEqual([{ student_ids: [1, 2] }]);
    expect(showSuccess).toHaveBeenCalledWith(notSamePersonDone);
    // The list was not asked again: it kept its place.
    expect(callsTo('GET', '/students/duplicates')).toHaveLength(1);
  });

  it('loads the next 50 after the key of the page before', async () => {
    const { callsTo } = api({
      '': { pairs: [pair(1, 2, ['email'])], next: '1.100.1.2' },
      '1.100.1.2': { pairs: [pair(5, 6, ['phone'])], next: null },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'More pairs' }));
    expect(await screen.findByRole('link', { name: 'Ruth Moab5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ruth Moab1' })).toBeInTheDocument();
    expect(callsTo('GET', '/students/duplicates').map((call) => call.search.get('after'))).toEqual([null, '1.100.1.2']);
    expect(screen.queryByRole('button', { name: 'More pairs' })).not.toBeInTheDocument();
  });

  it('says so when there is none, on a phone too', async () => {
    phoneScreen();
    api({ '': { pairs: [], next: null } });
    open();
    expect(await screen.findByText('No likely duplicates.')).toBeInTheDocument();
  });
});
