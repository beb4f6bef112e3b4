import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as shell from '../src/app/shell/app-shell.tsx';
import { useListParams } from '../src/components/use-list-params.ts';
import { setToken } from '../src/lib/session.ts';
import { phoneScreen } from './media-query.ts';
import { mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderWithAppClient, resetAfterEach, schoolAdmin } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();
afterEach(() => vi.restoreAllMocks());

function List() {
  const list = useListParams('name');
  return (
    <>
      <p>Page {list.page}</p>
      <button type="button" onClick={() => list.onPage(list.page + 1)}>
        Next page
      </button>
      <button type="button" onClick={() => list.onSort('created_at')}>
        Sort by created
      </button>
      <Link to="/students/5/overview">Ann Lee</Link>
    </>
  );
}

/** The signed-in shell around a list and a student page, as the app's router nests them. */
function renderShell() {
  setToken(makeToken(schoolAdmin));
  mockApi({
    'GET /users/current': () => jsonResponse({ error: 'not needed' }, 404),
    'GET /schools/simple_list': () => jsonResponse({ schools: [] }),
  });
  const router = createMemoryRouter(
    [
      {
        Component: shell.Component,
        children: [
          { path: '/students', Component: List },
          { path: '/students/:studentId/overview', element: <h1>Ann Lee</h1> },
        ],
      },
    ],
    { initialEntries: ['/students'] },
  );
  return renderWithAppClient(router);
}

describe('scroll on navigation', () => {
  it.each([
    ['desktop', () => {}],
    ['phone', phoneScreen],
  ])('a page opened starts at its top (%s)', async (_, screenSize) => {
    screenSize();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderShell();
    await screen.findByText('Page 1');
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: 'Ann Lee' }));
    expect(await screen.findByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('a list keeps its place when only its paging or sorting changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderShell();
    await screen.findByText('Page 1');
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sort by created' }));
    await waitFor(() => expect(router.state.location.search).toContain('sortBy=created_at'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
