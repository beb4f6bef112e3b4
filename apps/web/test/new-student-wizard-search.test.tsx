import { Modal } from '@mantine/core';
import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { NewStudentWizard } from '../src/features/students/wizard/new-student-wizard.tsx';
import {
  currentLocation,
  deferred,
  mockApi,
  pick,
  renderScreen,
  school,
  signInAs,
  studentList,
  users,
} from './new-student-support.tsx';
import { jsonResponse, resetAfterEach } from './support.tsx';
import { button, expectStep, found, renderWizard, search, stepCounter } from './wizard-support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

describe('new-student wizard: the search (SPEC sections 2, 4, 5)', () => {
  it('the search text is required and results appear only after a search', async () => {
    signInAs(users.schoolAdmin);
    const api = mockApi({ 'GET /students': () => studentList(found) });
    const { user } = renderWizard();
    await expectStep('Search by name');
    expect(screen.queryByRole('list', { name: 'Students found' })).toBeNull();

    await user.click(button('Search'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Student name' })).toHaveAccessibleDescription(messages.fieldRequired),
    );
    expect(api.to('GET', '/students')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Place in School Manually' })).toBeNull();

    await search(user, 'john smith');
    const call = api.to('GET', '/students')[0];
    expect(call?.search.getAll('full_name_i_cont_all[]')).toEqual(['john', 'smith']);
    expect(call?.search.get('pagination')).toBe('false');
    const results = screen.getByRole('list', { name: 'Students found' });
    const [first, second] = within(results).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'John Smith' })).toHaveAttribute('href', '/students/5/overview');
    expect(first).toHaveTextContent('9 Elm St, Springfield, IL 62701');
    expect(first).toHaveTextContent('(#101) Central');
    expect(first).toHaveTextContent('Likely duplicate');
    expect(second).toHaveTextContent('Johnny Smithers');
    expect(second).toHaveTextContent('(#102) East');
    expect(second).not.toHaveTextContent('Likely duplicate');
  });

  it('works inside a modal; initialSearch starts with that search made; Back closes', async () => {
    signInAs(users.schoolAdmin);
    const api = mockApi({ 'GET /students': () => studentList(found) });
    const onClose = vi.fn();
    const { user } = renderScreen(
      <Modal opened onClose={onClose} title="Quick Add">
        <NewStudentWizard onClose={onClose} initialSearch="john smith" draftName="test-wizard" />
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Student name' })).toHaveValue('john smith');
    expect(await within(dialog).findByRole('list', { name: 'Students found' })).toBeInTheDocument();
    expect(api.to('GET', '/students')[0]?.search.getAll('full_name_i_cont_all[]')).toEqual(['john', 'smith']);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says 'No students found.' when nobody matches", async () => {
    signInAs(users.schoolAdmin);
    mockApi({ 'GET /students': () => studentList([]) });
    const { user } = renderWizard();
    await search(user, 'nobody here');
    expect(screen.getByText(messages.noStudents)).toBeInTheDocument();
  });

  it('offers Create New Student only to global admins; Place in School Manually to everyone', async () => {
    signInAs(users.schoolAdmin);
    mockApi({ 'GET /students': () => studentList([]) });
    const first = renderWizard();
    await search(first.user, 'ann lee');
    expect(button('Place in School Manually')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Student' })).toBeNull();
    first.unmount();

    signInAs(users.globalAdmin);
    const second = renderWizard();
    await search(second.user, 'ann lee');
    expect(button('Create New Student')).toBeInTheDocument();
    expect(button('Place in School Manually')).toBeInTheDocument();
  });
});

describe('new-student wizard: the manual path (SPEC section 5, Manual flow)', () => {
  async function toManual(user: ReturnType<typeof renderScreen>['user']) {
    await search(user, 'john smith');
    await user.click(button('Place in School Manually'));
    await expectStep('Place in School Manually');
  }

  function manualApi(detail: ReturnType<typeof school>, pending?: Promise<Response>) {
    return mockApi({
      'GET /students': () => studentList([]),
      'GET /schools/simple_list': () =>
        jsonResponse({
          schools: [3, 9].map((id) => ({
            id,
            school_code: String(100 + id),
            church_name: `Church ${id}`,
            city: 'Springfield',
            state: 'IL',
            zip_code: '62701',
            students_count: 4,
            head_school_admin: id === 3,
          })),
        }),
      [`GET /schools/${detail.id}`]: () => pending ?? jsonResponse(detail),
    });
  }

  it("reads 'Loading...' while the school loads, then says a school without a head school admin cannot accept students", async () => {
    signInAs(users.schoolAdmin);
    const slow = deferred<Response>();
    manualApi(school(9), slow.promise);
    const { user } = renderWizard();
    await toManual(user);
    expect(button('Create New Student')).toBeDisabled();

    await pick(user, 'School', '(#109) Church 9 — Springfield, IL, 62701 · 4 students');
    expect(button(messages.loading)).toBeDisabled();
    slow.resolve(jsonResponse(school(9, { head_school_admin: false, head_school_admin_id: null })));

    expect(await screen.findByText(messages.schoolNeedsHeadSchoolAdmin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage School' })).toHaveAttribute('href', '/schools/9/overview');
    expect(button('Create New Student')).toBeDisabled();
  });

  it('shows Manage School to conference admins but not to instructors', async () => {
    signInAs(users.conferenceAdmin);
    manualApi(school(9, { head_school_admin: false, head_school_admin_id: null }));
    const first = renderWizard();
    await toManual(first.user);
    await pick(first.user, 'School', '(#109) Church 9 — Springfield, IL, 62701 · 4 students');
    expect(await screen.findByText(messages.schoolNeedsHeadSchoolAdmin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage School' })).toBeInTheDocument();
    first.unmount();
    queryClient.clear();

    signInAs(users.instructor);
    const second = renderWizard();
    await toManual(second.user);
    await pick(second.user, 'School', '(#109) Church 9 — Springfield, IL, 62701 · 4 students');
    expect(await screen.findByText(messages.schoolNeedsHeadSchoolAdmin)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage School' })).toBeNull();
  });

  it('goes to /students/new with the school and the search text once the school can accept students', async () => {
    signInAs(users.instructor);
    manualApi(school(3));
    const { user } = renderWizard();
    await toManual(user);
    await pick(user, 'School', '(#103) Church 3 — Springfield, IL, 62701 · 4 students');
    await waitFor(() => expect(button('Create New Student')).toBeEnabled());
    expect(screen.queryByText(messages.schoolNeedsHeadSchoolAdmin)).toBeNull();
    await user.click(button('Create New Student'));
    const location = new URL(currentLocation() ?? '', 'http://localhost');
    expect(location.pathname).toBe('/students/new');
    expect(location.searchParams.get('school_id')).toBe('3');
    expect(location.searchParams.get('student_search_name')).toBe('john smith');
  });

  it('Back from the school picker returns to the search', async () => {
    signInAs(users.instructor);
    manualApi(school(3));
    const { user } = renderWizard();
    // The manual path: the search, the school, then the form page.
    expect(stepCounter()).toBe('Step 1 of 3');
    await toManual(user);
    expect(stepCounter()).toBe('Step 2 of 3');
    await user.click(button('Back'));
    await expectStep('Search by name');
  });
});
