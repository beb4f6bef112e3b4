import { messages } from '@srs/shared/messages';
import type { TokenUser } from '@srs/shared/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuickAdd } from '../src/app/shell/quick-add.tsx';
import { openRecord, quickAddTarget } from '../src/app/shell/quick-add-targets.ts';
import { StudentQuickAddMenu } from '../src/features/enrollments/components/student-quick-add-menu.tsx';
import { choose, field, mockApi, Providers, save } from './record-forms-support.tsx';
import { mobileQuery } from '../src/lib/use-is-mobile.ts';
import { mediaQueryList } from './media-query.ts';
import { pageMatchAt, pageStandIns } from './site-map-support.tsx';
import { instructor } from './support.tsx';

// Mantine's selects and the forms' queries take a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const withRole = (role_type: TokenUser['roles'][number]['role_type']): TokenUser => ({
  ...instructor,
  roles: [{ id: 1, role_type, organization_type: 'School', organization_id: 3, organization_name: 'Central' }],
});

function renderQuickAdd(user: TokenUser, entry = '/') {
  // Quick Add reads the open page from the app's site-map routes, as in the shell.
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <QuickAdd user={user} />
            <Outlet />
          </>
        ),
        children: pageStandIns(),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />, { wrapper: Providers });
  return router;
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Quick Add' }));
  // The dialog's module loads on the first opening.
  return screen.findByRole('dialog', {}, { timeout: 10_000 });
}

const itemsOf = (dialog: HTMLElement, nav: string) =>
  within(within(dialog).getByRole('navigation', { name: nav }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Quick Add items by role (SPEC sections 2 and 6)', () => {
  it('instructor: the basic set, no school step and no quick-create', async () => {
    mockApi();
    renderQuickAdd(withRole('instructor'));
    const dialog = await openMenu();
    expect(itemsOf(dialog, 'Quick Add')).toEqual([
      'Add New student',
      'Enroll in a course or seminar',
      'Add a visit',
      'Send a lesson',
      'Send a product',
      'Add a reminder',
      'Record a decision',
      'Add a note',
    ]);
    expect(within(dialog).queryByRole('navigation', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('school admin: Select a school and the quick-create entries of the role', async () => {
    mockApi();
    renderQuickAdd(withRole('school_admin'));
    const dialog = await openMenu();
    expect(itemsOf(dialog, 'Quick Add')).toContain('Select a school');
    expect(itemsOf(dialog, 'Create')).toEqual(['Student', 'Instructor', 'Seminar']);
  });

  it('global admin: every item; School and Seminar to create', async () => {
    mockApi();
    renderQuickAdd({
      ...instructor,
      roles: [
        { id: 1, role_type: 'global_admin', organization_type: null, organization_id: null, organization_name: null },
      ],
    });
    const dialog = await openMenu();
    expect(itemsOf(dialog, 'Quick Add')).toHaveLength(9);
    expect(itemsOf(dialog, 'Create')).toEqual(['School', 'Seminar']);
  });
});

describe('Quick Add behaviour', () => {
  it('closes on route change', async () => {
    mockApi();
    const router = renderQuickAdd(withRole('instructor'), '/students');
    await openMenu();
    await router.navigate('/students/5/overview');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a record item shows its form in the modal, with Back to the menu', async () => {
    mockApi();
    renderQuickAdd(withRole('instructor'));
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a lesson' }));
    expect(await screen.findByRole('heading', { name: 'Send a lesson' })).toBeInTheDocument();
    expect(field('Student')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('navigation', { name: 'Quick Add' })).toBeInTheDocument();
  });

  it('on a student page the student is preselected', async () => {
    mockApi();
    renderQuickAdd(withRole('instructor'), '/students/5/profile');
    await userEvent.click(within(await openMenu()).getByRole('button', { name: 'Add a visit' }));
    await waitFor(() => expect(field('Student')).toHaveValue('Ann Lee (#101)'));
    expect(await screen.findByRole('combobox', { name: 'Series' })).toHaveValue('');
  });

  it('on an enrollment page the enrollment is preselected too; a save closes the modal', async () => {
    const api = mockApi();
    renderQuickAdd(withRole('instructor'), '/students/5/courses/enrollments/11/lessons');
    await userEvent.click(within(await openMenu()).getByRole('button', { name: 'Add a reminder' }));
    await waitFor(() => expect(field('Series')).toHaveValue('Bible Basics (Course)'));
    await userEvent.type(field('Date'), '04/01/2026');
    await save();
    expect(await screen.findByText(messages.reminderCreated)).toBeInTheDocument();
    expect(api.puts(11)).toEqual([{ reminders_attributes: [{ date: '2026-04-01' }] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  const schoolOption = (id: number, code: string, name: string) => ({
    id,
    school_code: code,
    church_name: name,
    city: null,
    state: null,
    zip_code: null,
    students_count: 4,
    head_school_admin: true,
  });

  it("'Select a school' keeps its school step for a user with several schools", async () => {
    mockApi({
      'GET /schools/simple_list': () => ({
        schools: [schoolOption(3, '101', 'Central Church'), schoolOption(4, '102', 'Eastside Church')],
      }),
    });
    const router = renderQuickAdd(withRole('school_admin'));
    await userEvent.click(within(await openMenu()).getByRole('button', { name: 'Select a school' }));
    await choose('School', '(#101) Central Church · 4 students');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seminars/new'));
    expect(router.state.location.search).toBe('?school_id=3');
  });

  it.each([
    ['Create', 'Seminar'],
    ['Quick Add', 'Select a school'],
  ] as const)('a school admin with one school is not asked to pick it: %s › %s goes to its new seminar', async (nav, item) => {
    const api = mockApi({ 'GET /schools/simple_list': () => ({ schools: [schoolOption(3, '101', 'Central Church')] }) });
    const router = renderQuickAdd(withRole('school_admin'));
    const dialog = await openMenu();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/schools/simple_list')).toBe(true));
    await userEvent.click(within(within(dialog).getByRole('navigation', { name: nav })).getByRole('button', { name: item }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seminars/new'));
    expect(router.state.location.search).toBe('?school_id=3');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it("'Add New student' opens the wizard in the modal; Back on its first step closes it", async () => {
    mockApi();
    renderQuickAdd(withRole('instructor'));
    const dialog = await openMenu();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add New student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Add New student' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Student name/i)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads the open student and enrollment from the path', () => {
    expect(openRecord(pageMatchAt('/students/12/profile'))).toEqual({ studentId: 12, enrollmentId: null });
    expect(openRecord(pageMatchAt('/students/12/seminars/enrollments/40/presentations'))).toEqual({
      studentId: 12,
      enrollmentId: 40,
    });
    expect(openRecord(pageMatchAt('/students/new'))).toEqual({ studentId: null, enrollmentId: null });
    expect(quickAddTarget('note', { studentId: 12, enrollmentId: 40 })).toEqual({
      kind: 'record',
      target: { kind: 'note', studentId: 12, enrollmentId: 40 },
    });
  });
});

describe('the student quick-add menu (SPEC section 2)', () => {
  it('five entries, each opening its form for the student, then enrolling the student apart', async () => {
    mockApi();
    render(
      <MemoryRouter>
        <StudentQuickAddMenu studentId={5} />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to student' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Lesson',
      'Visit',
      'Note',
      'Decision',
      'Product',
      'Enroll in a course or seminar',
    ]);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Decision' }));
    expect(await screen.findByRole('heading', { name: 'Record a decision' })).toBeInTheDocument();
    await waitFor(() => expect(field('Student')).toHaveValue('Ann Lee (#101)'));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Add to student' }));
    menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Enroll in a course or seminar' }));
    expect(await screen.findByRole('heading', { name: 'Enroll in a course or seminar' })).toBeInTheDocument();
    await waitFor(() => expect(field('Student')).toHaveValue('Ann Lee (#101)'));
  });
});

describe('Quick Add button on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  function renderPageWithField(phone: boolean) {
    // Each test says its screen: a spy left by another test must not decide it.
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, phone && query === mobileQuery));
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <input aria-label="City" />
              <input type="checkbox" aria-label="Attended" />
              <QuickAdd user={instructor} />
            </>
          ),
        },
      ],
      { initialEntries: ['/students/new'] },
    );
    render(<RouterProvider router={router} />, { wrapper: Providers });
  }

  it('steps aside while the user types in a field of the page, and comes back after', async () => {
    mockApi();
    renderPageWithField(true);
    expect(screen.getByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'City' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quick Add' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Attended' }));
    expect(await screen.findByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
  });

  it('steps aside while the page scrolls down, and comes back when it scrolls up', async () => {
    mockApi();
    renderPageWithField(true);
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    };
    scrollTo(0);
    expect(screen.getByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
    scrollTo(400);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quick Add' })).not.toBeInTheDocument());
    scrollTo(405);
    expect(screen.queryByRole('button', { name: 'Quick Add' })).not.toBeInTheDocument();
    scrollTo(300);
    expect(await screen.findByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
    scrollTo(0);
  });

  it('stays on wide screens', async () => {
    mockApi();
    renderPageWithField(false);
    await userEvent.click(screen.getByRole('textbox', { name: 'City' }));
    expect(screen.getByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
  });
});
