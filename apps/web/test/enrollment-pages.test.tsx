import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from '../src/app/route-error.tsx';
import { routes } from '../src/app/router.tsx';
import { setToken } from '../src/lib/session.ts';
import { showSuccess } from '../src/lib/toasts.ts';
import {
  courseEnrollment,
  enrollmentApi,
  loaded,
  renderEnrollmentPage,
  seminarEnrollment,
  setUpEnrollmentPages,
} from './enrollment-support.tsx';
import { jsonResponse, makeToken, renderWithAppClient, schoolAdmin, stubApi } from './support.tsx';

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
vi.mock('../src/features/enrollments/forms/record-form-modal.tsx', () => import('./record-form-modal-stub.tsx'));

setUpEnrollmentPages();

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('course enrollment page (SPEC section 2)', () => {
  it('opens on the lessons tab, with the tabs in SPEC order', async () => {
    enrollmentApi(courseEnrollment());
    const { router } = renderEnrollmentPage('/students/12/courses/enrollments/41');
    expect(await screen.findByRole('tab', { name: 'Lessons', selected: true }, loaded)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students/12/courses/enrollments/41/lessons');
    expect(tabNames()).toEqual(['Management', 'Lessons', 'Decisions', 'Questions', 'Products', 'Reminders', 'Visits']);
  });

  it('an unknown tab goes to the lessons tab', async () => {
    enrollmentApi(courseEnrollment());
    const { router } = renderEnrollmentPage('/students/12/courses/enrollments/41/presentations');
    expect(await screen.findByRole('tab', { name: 'Lessons', selected: true }, loaded)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students/12/courses/enrollments/41/lessons');
  });

  it('heads the page with the student, series, registration number, status, lesson sent and follow-up', async () => {
    enrollmentApi(courseEnrollment());
    renderEnrollmentPage('/students/12/courses/enrollments/41/lessons');
    const name = await screen.findByRole('link', { name: 'Maria Lopez' }, loaded);
    expect(name).toHaveAttribute('href', '/students/12/overview');
    expect(screen.getByText('Discover Bible Guides')).toBeInTheDocument();
    expect(screen.getByText('Registration number 100123')).toBeInTheDocument();
    expect(screen.getByText('Enrolled').closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'blue');
    expect(screen.getByText('Lesson 2 sent')).toBeInTheDocument();
    expect(screen.getByText('Last sent 03/04/2024')).toBeInTheDocument();
    expect(screen.getByText('Needs follow-up')).toBeInTheDocument();
    expect(screen.queryByText(/orphaned/)).toBeNull();
  });

  it('says so at the top when the enrollment is orphaned', async () => {
    enrollmentApi(courseEnrollment({ orphaned: true }));
    renderEnrollmentPage('/students/12/courses/enrollments/41/lessons');
    expect(
      await screen.findByText("This enrollment is orphaned: the student's school does not offer this series.", {}, loaded),
    ).toBeInTheDocument();
  });

  it('a failed load shows Error Loading Content', async () => {
    enrollmentApi(courseEnrollment(), {
      'GET /enrollments/41': () => new Response(JSON.stringify({ error: 'Enrollment not found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
    });
    renderEnrollmentPage('/students/12/courses/enrollments/41/lessons');
    expect(await screen.findByText(messages.errorLoadingContent, {}, loaded)).toBeInTheDocument();
    expect(screen.getByText('Enrollment not found')).toBeInTheDocument();
  });

  it("an enrollment deleted with its student tells of the student's deletion (issue 25)", async () => {
    const notFound = (body: object) => new Response(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/json' } });
    const deleted = { record: 'student', deleted_on: '2026-11-28', deleted_by: { id: 3, first_name: 'Rita', last_name: 'Admin' }, version_id: null, can_restore: false };
    enrollmentApi(courseEnrollment(), {
      'GET /enrollments/41': () => notFound({ error: 'Enrollment not found' }),
      'GET /students/12': () => notFound({ error: 'Student not found', deleted }),
    });
    renderEnrollmentPage('/students/12/courses/enrollments/41/lessons');
    expect(await screen.findByText('This student was deleted on 11/28/2026 by Rita Admin.', {}, loaded)).toBeInTheDocument();
    expect(screen.queryByText(messages.errorLoadingContent)).toBeNull();
    // An instructor may not open the change, nor restore the student: no link to either.
    expect(screen.queryByRole('link', { name: /Restore|See what was deleted/ })).toBeNull();
  });
});

describe('while a course enrollment loads', () => {
  const coursePage = (list: readonly RouteObject[]): RouteObject | undefined =>
    list.reduce<RouteObject | undefined>(
      (found, route) =>
        found ??
        (route.path === 'students/:studentId/courses/enrollments/:enrollmentId'
          ? route
          : route.children && coursePage(route.children)),
      undefined,
    );

  /** A stand-in for the app shell: like it, a route with a loader and a fallback for the first load. */
  function renderInShell(entry: string) {
    const page = coursePage(routes);
    if (!page) throw new Error('no course enrollment route');
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
            { errorElement: <RouteError />, children: [page, { path: 'students/:id/courses', element: <p>Courses</p> }] },
          ],
        },
      ],
      { initialEntries: [entry] },
    );
    return renderWithAppClient(router);
  }

  /** The enrollment answers only when the test lets it; the other calls at once. */
  function slowEnrollmentApi() {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubApi(async (call) => {
      if (call.path === '/enrollments/41') {
        await answered;
        return jsonResponse(courseEnrollment({ lesson_number: 0, last_sent_delivery: null }));
      }
      if (call.path === '/series/5/episodes') return jsonResponse({ episodes: [] });
      return jsonResponse({ error: 'Not found' }, 404, 'Not Found');
    });
    return release;
  }

  it('keeps the shell on a first load, with the spinner inside the page, then shows the record', async () => {
    setToken(makeToken());
    const release = slowEnrollmentApi();
    renderInShell('/students/12/courses/enrollments/41/lessons');
    expect(await screen.findByText('Shell header', {}, loaded)).toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Blank page')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    release();
    expect(await screen.findByRole('tab', { name: 'Lessons', selected: true }, loaded)).toBeInTheDocument();
    // A new enrollment has sent no lesson yet: it says so, never 'Lesson 0 sent'.
    expect(screen.getByText('No lesson sent yet')).toBeInTheDocument();
    expect(screen.queryByText('Lesson 0 sent')).toBeNull();
  });

  it('keeps the shell on a navigation inside the app while the record loads', async () => {
    setToken(makeToken());
    const release = slowEnrollmentApi();
    const { router } = renderInShell('/students/12/courses');
    expect(await screen.findByText('Courses', {}, loaded)).toBeInTheDocument();
    await router.navigate('/students/12/courses/enrollments/41/lessons');
    await waitFor(() => expect(router.state.location.pathname).toBe('/students/12/courses/enrollments/41/lessons'));
    expect(await screen.findByLabelText('Loading', {}, loaded)).toBeInTheDocument();
    expect(screen.getByText('Shell header')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('tab', { name: 'Lessons', selected: true }, loaded)).toBeInTheDocument();
  });
});

describe('seminar enrollment page (SPEC section 2)', () => {
  it('opens on the presentations tab, with the tabs in SPEC order and no lesson count', async () => {
    enrollmentApi(seminarEnrollment());
    const { router } = renderEnrollmentPage('/students/12/seminars/enrollments/42');
    expect(await screen.findByRole('tab', { name: 'Presentations', selected: true }, loaded)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students/12/seminars/enrollments/42/presentations');
    expect(tabNames()).toEqual(['Management', 'Presentations', 'Decisions', 'Visits', 'Reminders', 'Products']);
    expect(screen.getByText('Applied').closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'yellow');
    expect(screen.queryByText(/Lesson \d+ sent/)).toBeNull();
  });

  it('a seminar enrollment reached by a course link moves to the seminar page', async () => {
    enrollmentApi(seminarEnrollment());
    const { router } = renderEnrollmentPage('/students/12/courses/enrollments/42/decisions');
    expect(await screen.findByRole('tab', { name: 'Decisions', selected: true }, loaded)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students/12/seminars/enrollments/42/decisions');
  });
});

describe('management tab', () => {
  it('shows the instructor, the school as (#code) church name, and the decisions summary', async () => {
    enrollmentApi(courseEnrollment(), {
      'GET /enrollments/41/decisions_summary': () => ({
        decision_options: [
          { id: 71, name: 'Accept Jesus as Saviour', decided: true, decisions_count: 2, first_decided_on: '2024-02-20' },
          { id: 72, name: 'Baptism', decided: false, decisions_count: 0, first_decided_on: null },
        ],
      }),
    });
    renderEnrollmentPage('/students/12/courses/enrollments/41/management');
    expect(await screen.findByText('(#101) Central Church', {}, loaded)).toBeInTheDocument();
    expect(screen.getByText('Ida Instructor')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Decisions summary' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Accept Jesus as Saviour');
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Decided' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('02/20/2024');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[2]).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent('Baptism');
    expect(within(rows[1] as HTMLElement).getByLabelText('Not decided')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent('-');
  });

  it('offers every status in its colour and saves a change with PUT { status }', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'PUT /enrollments/41': () => courseEnrollment({ status: 'Graduated' }),
    });
    const user = userEvent.setup();
    renderEnrollmentPage('/students/12/courses/enrollments/41/management');
    await user.click(await screen.findByLabelText('Status', { selector: 'input' }, loaded));
    const options = await screen.findAllByRole('option');
    const colours = Object.fromEntries(
      options.map((option) => [
        option.textContent,
        option.querySelector('[data-status-colour]')?.getAttribute('data-status-colour'),
      ]),
    );
    expect(colours).toEqual({ Applied: 'yellow', Attended: 'blue', Enrolled: 'blue', Graduated: 'green', Inactive: 'gray' });
    await user.click(options.find((option) => option.textContent === 'Graduated') as HTMLElement);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(messages.updated));
    expect(api.writes()).toEqual([{ method: 'PUT', path: '/enrollments/41', body: { status: 'Graduated' } }]);
    // The heading follows the saved answer.
    expect(screen.getAllByText('Graduated')[0]?.closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'green');
  });

  it('does not offer Delete enrollment when the server says the user may not (an instructor)', async () => {
    enrollmentApi(courseEnrollment({ permissions: { update: true, destroy: false } }));
    renderEnrollmentPage('/students/12/courses/enrollments/41/management');
    expect(await screen.findByText('(#101) Central Church', {}, loaded)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete enrollment' })).toBeNull();
  });

  it('lets an admin delete after a confirmation that keeps the history, then shows the student courses', async () => {
    const api = enrollmentApi(courseEnrollment(), {
      'DELETE /enrollments/41': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const { router } = renderEnrollmentPage('/students/12/courses/enrollments/41/management', schoolAdmin);
    await user.click(await screen.findByRole('button', { name: 'Delete enrollment' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Delete enrollment' });
    expect(dialog).toHaveTextContent('Maria Lopez in Discover Bible Guides (registration number 100123)');
    expect(dialog).toHaveTextContent('lessons sent and received, visits, reminders, products, decisions and notes');
    expect(dialog).toHaveTextContent('The history is kept');
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete enrollment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students/12/courses'));
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/enrollments/41', body: undefined }]);
    expect(showSuccess).toHaveBeenCalledWith('Deleted successfully.');
  });

  it('a seminar enrollment deleted leads to the student seminars', async () => {
    enrollmentApi(seminarEnrollment(), { 'DELETE /enrollments/42': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const { router } = renderEnrollmentPage('/students/12/seminars/enrollments/42/management', schoolAdmin);
    await user.click(await screen.findByRole('button', { name: 'Delete enrollment' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Delete enrollment' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete enrollment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students/12/seminars'));
  });
});
