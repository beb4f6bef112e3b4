import { messages } from '@srs/shared/messages';
import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from '../src/app/route-error.tsx';
import { setToken } from '../src/lib/session.ts';
import { pages } from '../src/lib/site-map/pages.ts';
import * as studentDetail from '../src/routes/student-detail.tsx';
import { showHandlerError } from './mocks/toasts.ts';
import { makeStudentDetail } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderWithAppClient, resetAfterEach, stubApi } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

/** The student page inside a stand-in for the app shell, which has a loader and a first-load fallback. */
function renderStudentPage(answer: () => Response | Promise<Response>) {
  setToken(makeToken());
  stubApi((call) => (call.path === '/students/12' ? answer() : jsonResponse({ error: 'Not found' }, 404, 'Not Found')));
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => null,
        hydrateFallbackElement: <p>Blank page</p>,
        element: (
          <>
            <header>Shell header</header>
            <Outlet />
          </>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                path: 'students/:studentId',
                // The page's site-map entry names its tabs, as on the app's own route.
                handle: { page: pages.student },
                loader: studentDetail.loader,
                Component: studentDetail.Component,
                children: [{ path: 'profile', handle: { tab: pages.student.tabs[1] }, element: <p>Profile tab</p> }],
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/students/12/profile'] },
  );
  return renderWithAppClient(router);
}

describe('a student page while its record loads (SPEC section 2)', () => {
  it('shows the shell and a spinner inside the page, then the student', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderStudentPage(async () => {
      await answered;
      return jsonResponse(makeStudentDetail(12, { first_name: 'Maria', last_name: 'Lopez' }));
    });
    expect(await screen.findByText('Shell header')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Blank page')).toBeNull();
    release();
    expect(await screen.findByText('Profile tab')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it("a deleted student's old link says so, with its version for those who may restore it, and no toast (issue 25)", async () => {
    const deleted = {
      record: 'student',
      deleted_on: '2026-11-28',
      deleted_by: { id: 3, first_name: 'Rita', last_name: 'Admin' },
      version_id: 77,
      can_restore: true,
    };
    renderStudentPage(() => jsonResponse({ error: 'Student not found', deleted }, 404, 'Not Found'));
    expect(await screen.findByText('This student was deleted on 11/28/2026 by Rita Admin.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restore this student' })).toHaveAttribute('href', '/versions/77');
    expect(screen.queryByText(messages.errorLoadingContent)).toBeNull();
    expect(showHandlerError).not.toHaveBeenCalled();
  });

  it('a failed load shows Error Loading Content with the message, inside the shell', async () => {
    renderStudentPage(() => jsonResponse({ error: 'Student not found' }, 404, 'Not Found'));
    expect(await screen.findByText(messages.errorLoadingContent)).toBeInTheDocument();
    expect(screen.getByText('Student not found')).toBeInTheDocument();
    expect(screen.getByText('Shell header')).toBeInTheDocument();
    // SPEC section 8: the shared handler says so too; only a deleted record's panel stands alone.
    expect(showHandlerError).toHaveBeenCalledWith('Something went wrong.');
  });
});
