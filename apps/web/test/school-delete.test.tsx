import type { SchoolDetail } from '@srs/shared/schools';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteSchoolModal } from '../src/features/schools/components/delete-school-modal.tsx';
import { schoolOptionsQuery, schoolQuery } from '../src/lib/lookups/schools.ts';
import { setToken } from '../src/lib/session.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, stubApi, unexpectedCall } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
afterEach(() => vi.unstubAllGlobals());

const school = {
  id: 1,
  school_code: '101',
  church_name: 'Central Church',
  active: true,
  students_count: 0,
  claimed_zips: [],
} as unknown as SchoolDetail;

/** The school's page as far as deleting goes: it shows the school it reads, and the schools' picker. */
function SchoolPage() {
  const read = useQuery(schoolQuery(1));
  useQuery(schoolOptionsQuery);
  if (read.isError) throw read.error;
  return read.data ? <DeleteSchoolModal school={read.data} opened onClose={() => {}} /> : null;
}

describe('deleting a school from its page', () => {
  it('goes to the schools even when the deleted school answers its 404 before the lists are read again', async () => {
    setToken(makeToken(schoolAdmin));
    let deleted = false;
    let answerLists = () => {};
    const listsLater = new Promise<void>((resolve) => (answerLists = resolve));
    stubApi(async (call) => {
      if (call.method === 'GET' && call.path === '/schools/1') {
        return deleted ? jsonResponse({ error: 'Not found' }, 404, 'Not Found') : jsonResponse(school);
      }
      if (call.method === 'GET' && call.path === '/schools/simple_list') {
        if (deleted) await listsLater;
        return jsonResponse({ schools: [] });
      }
      if (call.method === 'DELETE' && call.path === '/schools/1') {
        deleted = true;
        return new Response(null, { status: 204 });
      }
      return unexpectedCall(call);
    });
    const { router } = renderRoutes(
      [
        { path: '/schools/:id', Component: SchoolPage, errorElement: <p>The school page failed</p> },
        { path: '/schools', element: <p>The schools</p> },
      ],
      '/schools/1',
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete school' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    answerLists();
    await screen.findByText('The schools');
    expect(router.state.location.pathname).toBe('/schools');
  });
});
