import type { SchoolOption } from '@srs/shared/schools';
import type { UserItem } from '@srs/shared/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useReducer } from 'react';
import { studentQuery } from '../src/features/students/api.ts';
import { setToken } from '../src/lib/session.ts';
import { BulkReassignDialog } from '../src/features/students/components/bulk-reassign-dialog.tsx';
import { BulkShareDialog } from '../src/features/students/components/bulk-share-dialog.tsx';
import { StudentHeading } from '../src/features/students/components/student-heading.tsx';
import { makeStudent, makeStudentDetail, mockApi } from './student-fixtures.ts';
import { jsonResponse, makeToken, renderRoutes, schoolAdmin, Wrapper } from './support.tsx';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));
const { showHandlerError, showSuccess } = await import('../src/lib/toasts.ts');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const students = [makeStudent(1), makeStudent(2)];

const school = (id: number, code: string, name: string): SchoolOption => ({
  id,
  school_code: code,
  church_name: name,
  city: null,
  state: null,
  zip_code: null,
  students_count: 0,
  head_school_admin: true,
});

const staff = (id: number, first: string, last: string): UserItem => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@demo.test`,
  students_count: 0,
  roles: [],
});

/**
 * An option of an open dropdown. jsdom has no layout, so Mantine's popover may think its target
 * is off screen and hide the dropdown (display: none): hidden options are looked at too.
 */
const findOption = (name: RegExp | string) => screen.findByRole('option', { name, hidden: true });

describe('Reassign dialog', () => {
  const api = (answer: () => Response) =>
    mockApi({
      'GET /schools/simple_list': () =>
        jsonResponse({ schools: [school(3, '101', 'Central'), school(4, '202', 'Eastside')] }),
      'GET /users': (call) =>
        jsonResponse({
          users: call.search.get('school_id') === '4' ? [staff(21, 'Erin', 'East'), staff(22, 'Eli', 'Eastwood')] : [],
          pagination: { page: 1, per_page: 5000, total_count: 2, total_pages: 1 },
        }),
      'PUT /students/bulk_reassign': answer,
    });

  async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp | string) {
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.click(await findOption(option));
  }

  it("sends the school and the school's staff member, then says how many and how many orphaned", async () => {
    const mock = api(() => jsonResponse({ updated: 2, orphaned_enrollments: 1 }));
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<BulkReassignDialog opened onClose={vi.fn()} students={students} onDone={onDone} />, { wrapper: Wrapper });
    expect(screen.getByText('2 students: First1 Last1 and First2 Last2.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Instructor' })).toBeDisabled();

    await choose(user, 'School', /Eastside/);
    await choose(user, 'Instructor', 'Eli Eastwood');
    expect(mock.callsTo('GET', '/users')[0]?.search.toString()).toBe('school_id=4&pagination=false');
    await user.click(screen.getByRole('button', { name: 'Reassign' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(mock.callsTo('PUT', '/students/bulk_reassign')[0]?.body).toEqual({
      student_ids: [1, 2],
      school_id: 4,
      instructor_id: 22,
    });
    expect(showSuccess).toHaveBeenCalledWith(
      'Updated successfully.\n2 students reassigned.\n' +
        '1 enrollment became orphaned: the new school does not offer the series.',
      expect.anything(),
    );
  });

  it('without an instructor sends the school alone (its head school admin takes over)', async () => {
    const mock = api(() => jsonResponse({ updated: 2, orphaned_enrollments: 0 }));
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<BulkReassignDialog opened onClose={vi.fn()} students={students} onDone={onDone} />, { wrapper: Wrapper });
    await choose(user, 'School', /Central/);
    await user.click(screen.getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(mock.callsTo('PUT', '/students/bulk_reassign')[0]?.body).toEqual({ student_ids: [1, 2], school_id: 3 });
    expect(showSuccess).toHaveBeenCalledWith('Updated successfully.\n2 students reassigned.', expect.anything());
  });

  it('asks for a school before sending anything', async () => {
    const mock = api(() => jsonResponse({ updated: 0, orphaned_enrollments: 0 }));
    const user = userEvent.setup();
    render(<BulkReassignDialog opened onClose={vi.fn()} students={students} onDone={vi.fn()} />, { wrapper: Wrapper });
    await user.click(screen.getByRole('button', { name: 'Reassign' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(mock.callsTo('PUT', '/students/bulk_reassign')).toHaveLength(0);
  });

  it('keeps its choices when the server refuses, the shared handler showing why', async () => {
    api(() => jsonResponse('No head school admin is assigned to this school.', 422));
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<BulkReassignDialog opened onClose={vi.fn()} students={students} onDone={onDone} />, { wrapper: Wrapper });
    await choose(user, 'School', /Eastside/);
    await choose(user, 'Instructor', 'Erin East');
    await user.click(screen.getByRole('button', { name: 'Reassign' }));
    await waitFor(() =>
      expect(showHandlerError).toHaveBeenCalledWith('No head school admin is assigned to this school.'),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(showSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'School' })).toHaveValue('(#202) Eastside · 0 students');
    expect(screen.getByRole('combobox', { name: 'Instructor' })).toHaveValue('Erin East');
  });
});

describe('Share and Unshare dialogs', () => {
  const api = (action: string, answer: () => Response) =>
    mockApi({
      'GET /users/share': (call) => {
        const everyone = [staff(31, 'Uma', 'Usher'), staff(32, 'Vic', 'Vance'), staff(33, 'Wes', 'Ward')];
        const query = call.search.get('query')?.toLowerCase() ?? '';
        const found = everyone.filter((u) => `${u.first_name} ${u.last_name}`.toLowerCase().includes(query));
        return jsonResponse({ users: found });
      },
      [`PUT /students/${action}`]: answer,
    });

  it.each([
    ['bulk_share', 'Share students', 'Share'],
    ['bulk_unshare', 'Unshare students', 'Unshare'],
  ] as const)('%s sends the students and the chosen staff, then says Updated successfully.', async (...row) => {
    const [action, title, verb] = row;
    const mock = api(action, () => jsonResponse({ updated: 2 }));
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<BulkShareDialog action={action} opened onClose={vi.fn()} students={students} onDone={onDone} />, {
      wrapper: Wrapper,
    });
    expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Staff' });
    await user.click(box);
    await user.click(await findOption(/Uma Usher/));
    await user.type(box, 'wes');
    // The server searches too (names and emails), once the typing pauses.
    await waitFor(() => expect(mock.callsTo('GET', '/users/share').at(-1)?.search.get('query')).toBe('wes'));
    expect(screen.queryByRole('option', { name: /Vic Vance/, hidden: true })).not.toBeInTheDocument();
    await user.click(await findOption(/Wes Ward/));
    await user.click(screen.getByRole('button', { name: verb }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(mock.callsTo('PUT', `/students/${action}`)[0]?.body).toEqual({ student_ids: [1, 2], user_ids: [31, 33] });
    expect(showSuccess).toHaveBeenCalledWith('Updated successfully.');
  });

  it('closes the staff list after a pick, so that Cancel and Share stay in reach on a phone', async () => {
    api('bulk_share', () => jsonResponse({ updated: 1 }));
    const user = userEvent.setup();
    render(<BulkShareDialog action="bulk_share" opened onClose={vi.fn()} students={students} onDone={vi.fn()} />, {
      wrapper: Wrapper,
    });
    const box = screen.getByRole('combobox', { name: 'Staff' });
    await user.click(box);
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.click(await findOption(/Uma Usher/));
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(within(screen.getByRole('dialog')).getByText('Uma Usher')).toBeInTheDocument();
    // Typing or a tap on the field opens it again for another pick.
    await user.type(box, 'vic');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
  });

  it('asks for at least one person', async () => {
    const mock = api('bulk_share', () => jsonResponse({ updated: 0 }));
    const user = userEvent.setup();
    render(<BulkShareDialog action="bulk_share" opened onClose={vi.fn()} students={students} onDone={vi.fn()} />, {
      wrapper: Wrapper,
    });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(mock.callsTo('PUT', '/students/bulk_share')).toHaveLength(0);
  });

  it('keeps the chosen staff when the server refuses', async () => {
    api('bulk_unshare', () => jsonResponse({ user_ids: ['is not valid'] }, 422));
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<BulkShareDialog action="bulk_unshare" opened onClose={vi.fn()} students={students} onDone={onDone} />, {
      wrapper: Wrapper,
    });
    await user.click(screen.getByRole('combobox', { name: 'Staff' }));
    await user.click(await findOption(/Vic Vance/));
    await user.click(screen.getByRole('button', { name: 'Unshare' }));
    await waitFor(() => expect(showHandlerError).toHaveBeenCalledWith('User ids is not valid'));
    expect(onDone).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Unshare students' });
    expect(within(dialog).getByText('Vic Vance')).toBeInTheDocument();
  });
});

describe('Delete student', () => {
  const student = makeStudentDetail(12, { first_name: 'Ann', last_name: 'Lee' });
  const routes = [
    { path: '/students/:studentId/*', element: <StudentHeading student={student} /> },
    { path: '/students', element: <p>Student list</p> },
  ];

  it('is offered only when the server says the user may delete the student', () => {
    setToken(makeToken(schoolAdmin));
    mockApi({});
    const shared = makeStudentDetail(12, { first_name: 'Ann', last_name: 'Lee' }, { destroy: false });
    renderRoutes([{ path: '/students/:studentId/*', element: <StudentHeading student={shared} /> }], '/students/12/overview');
    expect(screen.getByRole('heading', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Student actions' })).toBeNull();
  });

  it('confirms, naming the student and saying the history is kept, then deletes and goes to /students', async () => {
    setToken(makeToken(schoolAdmin));
    const mock = mockApi({ 'DELETE /students/12': () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/students/12/overview');
    await user.click(screen.getByRole('button', { name: 'Student actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete student', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete student' });
    expect(within(dialog).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(dialog).getByText(/The history is kept/)).toBeInTheDocument();
    expect(mock.callsTo('DELETE', '/students/12')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Delete student' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students'));
    expect(mock.callsTo('DELETE', '/students/12')).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Deleted successfully.');
  });

  it('sends no request for the deleted student: its cache goes only with its page', async () => {
    setToken(makeToken(schoolAdmin));
    const mock = mockApi({
      'GET /students/12': () => jsonResponse(student),
      'DELETE /students/12': () => new Response(null, { status: 204 }),
    });
    function StudentPage() {
      // Anything may render the page again while the router moves on (in the browser: a toast,
      // the modal closing); here, the student's cache dropped.
      const [, rerender] = useReducer((count: number) => count + 1, 0);
      const client = useQueryClient();
      useEffect(
        () => client.getQueryCache().subscribe((event) => event.type === 'removed' && rerender()),
        [client],
      );
      const loaded = useQuery(studentQuery(12)).data;
      return loaded ? <StudentHeading student={loaded} /> : null;
    }
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/students/:studentId/*', Component: StudentPage },
        { path: '/students', element: <p>Student list</p> },
      ],
      '/students/12/overview',
    );
    await user.click(await screen.findByRole('button', { name: 'Student actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete student', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete student' }));
    expect(await screen.findByText('Student list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students');
    await waitFor(() => expect(mock.callsTo('DELETE', '/students/12')).toHaveLength(1));
    expect(mock.callsTo('GET', '/students/12')).toHaveLength(1);
  });

  it('Cancel deletes nothing', async () => {
    setToken(makeToken(schoolAdmin));
    const mock = mockApi({});
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/students/12/overview');
    await user.click(screen.getByRole('button', { name: 'Student actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete student', hidden: true }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(mock.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/students/12/overview');
  });

});
