import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/app/query-client.ts';
import { QuickAdd } from '../src/app/shell/quick-add.tsx';
import { newStudentDraftName } from '../src/app/shell/quick-add-targets.ts';
import { formPageDraftName } from '../src/features/students/forms/new-student-drafts.ts';
import { useNewStudentSave } from '../src/features/students/forms/use-new-student-save.ts';
import { resumedStep, type WizardDraft } from '../src/features/students/wizard/wizard-draft.ts';
import { NewStudentWizard } from '../src/features/students/wizard/new-student-wizard.tsx';
import { dropDrafts, draftKey, hasDraft, keepDraft, readDraft } from '../src/lib/drafts.ts';
import { clearSessionBeforeLeaving, setToken } from '../src/lib/session.ts';
import * as studentNew from '../src/routes/student-new.tsx';
import {
  type Call,
  deferred,
  enrollment,
  fill,
  fillAddress,
  mockApi,
  pick,
  renderScreen,
  school,
  signInAs,
  student,
  studentList,
  suggested,
  users,
} from './new-student-support.tsx';
import { jsonResponse, makeToken, renderWithAppClient, resetAfterEach } from './support.tsx';
import { button, expectStep, found, search, type User, wizardDraftName } from './wizard-support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 40_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const textbox = (name: string) => screen.getByRole('textbox', { name });

/**
 * A reload: the page goes without React unmounting anything, so the tab's sessionStorage stays
 * as it was; unmounting here runs the components' clean-ups, so the storage is put back after.
 */
function reload(view: { unmount: () => void }) {
  const tab = Object.fromEntries(
    Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '').map((key) => [
      key,
      sessionStorage.getItem(key) ?? '',
    ]),
  );
  view.unmount();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(tab)) sessionStorage.setItem(key, value);
}

describe('drafts: per tab, per user (lib/drafts.ts)', () => {
  it("is kept under a key naming its user: another user's read finds nothing; a patch merges", () => {
    keepDraft('form', 1, { city: 'Lansing' });
    keepDraft('form', 1, { email: 'ruth@example.test' });
    expect(sessionStorage.getItem(draftKey('form', 1))).toBe('{"city":"Lansing","email":"ruth@example.test"}');
    expect(readDraft('form', 1)).toEqual({ city: 'Lansing', email: 'ruth@example.test' });
    expect(readDraft('form', 2)).toBeNull();
    expect(hasDraft('form', 2)).toBe(false);
    // Kept in the tab only: nothing of it in localStorage.
    expect(localStorage.length).toBe(0);
  });

  it("someone else signing in drops the earlier user's drafts; the same user, signing in again, keeps them", () => {
    keepDraft('form', users.instructor.id, { city: 'Lansing' });
    keepDraft('form', users.schoolAdmin.id, { city: 'Salem' });
    sessionStorage.setItem('unrelated', 'stays');
    setToken(makeToken(users.instructor));
    expect(readDraft('form', users.instructor.id)).toEqual({ city: 'Lansing' });
    expect(readDraft('form', users.schoolAdmin.id)).toBeNull();
    setToken(makeToken(users.globalAdmin));
    expect(readDraft('form', users.instructor.id)).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('stays');
  });

  it('Log out drops every draft of the tab', () => {
    keepDraft('form', 1, { city: 'Lansing' });
    keepDraft('wizard', 2, { step: 'form' });
    clearSessionBeforeLeaving();
    expect(hasDraft('form', 1)).toBe(false);
    expect(hasDraft('wizard', 2)).toBe(false);
  });

  it('a draft that is not JSON reads as none; dropDrafts with a user keeps only theirs', () => {
    sessionStorage.setItem(draftKey('form', 1), '{not json');
    expect(readDraft('form', 1)).toBeNull();
    keepDraft('form', 1, { a: 1 });
    keepDraft('form', 2, { b: 2 });
    dropDrafts(2);
    expect(hasDraft('form', 1)).toBe(false);
    expect(hasDraft('form', 2)).toBe(true);
  });

  it('a kept wizard opens on its step, or the nearest before it that has what it needs', () => {
    const draft: WizardDraft = {
      step: 'schools',
      searched: 'ruth ann',
      courseId: 11,
      schoolId: null,
      notify: true,
      values: null,
      lockedSchool: null,
      requestKey: 'k',
    };
    expect(resumedStep(draft, { first_name: 'Ruth' } as never)).toBe('schools');
    expect(resumedStep(draft, null)).toBe('form');
    expect(resumedStep({ ...draft, courseId: null }, null)).toBe('course');
    expect(resumedStep({ ...draft, searched: null }, null)).toBe('search');
    expect(resumedStep({ ...draft, step: 'manual' }, null)).toBe('manual');
  });
});

/** The automatic path's server: search, courses, suggested schools, and the two saves. */
function automaticApi(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /students': () => studentList(found),
    'GET /series/simple_list': () =>
      jsonResponse({ series: [{ id: 11, name: 'Discover', type: 'Course', priority: true }] }),
    'GET /students/suggested_schools': () =>
      jsonResponse({ schools: [suggested(3, { claimed: true }), suggested(8, { distance_miles: 12 })] }),
    'POST /students': (call) =>
      jsonResponse({ ...student(77), school: { id: Number(call.body.school_id), school_code: '103', church_name: 'Church 3' } }, 201),
    'POST /enrollments': (call) => jsonResponse(enrollment(500, 77, Number(call.body.series_id)), 201),
    ...overrides,
  });
}

function renderWizard(onClose = vi.fn()) {
  return { ...renderScreen(<NewStudentWizard onClose={onClose} draftName={wizardDraftName} />), onClose };
}

/** Search, Create New Student, the course: on the address form. */
async function toAddress(user: User) {
  await search(user, 'john michael smith');
  await user.click(button('Create New Student'));
  await pick(user, 'Course', 'Discover');
  await user.click(button('Next'));
  await expectStep('Address');
}

async function toSchools(user: User) {
  await toAddress(user);
  await fillAddress(user);
  await user.click(button('Next'));
  await screen.findByRole('button', { name: 'Choose (#103) Church 3' });
}

describe('the new-student wizard keeps what was typed across a reload', () => {
  it('opens again on the address step with the address, city, email and choices as typed', async () => {
    signInAs(users.globalAdmin);
    automaticApi();
    const first = renderWizard();
    await toAddress(first.user);
    await fill(first.user, 'Address', '45 Oak Avenue');
    await fill(first.user, 'City', 'Lansing');
    await fill(first.user, 'Email', 'ruth@example.test');
    await first.user.click(screen.getByRole('checkbox', { name: 'Notify instructor by email' }));
    reload(first);

    const { user } = renderWizard();
    await expectStep('Address');
    expect(textbox('Address')).toHaveValue('45 Oak Avenue');
    expect(textbox('City')).toHaveValue('Lansing');
    expect(textbox('Email')).toHaveValue('ruth@example.test');
    expect(textbox('First name')).toHaveValue('John');
    expect(textbox('Last name')).toHaveValue('Smith');
    expect(screen.getByRole('checkbox', { name: 'Notify instructor by email' })).not.toBeChecked();
    // The steps before it kept their choices too.
    await user.click(button('Back'));
    await expectStep('Assign new student automatically');
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Discover');
    await user.click(button('Back'));
    await expectStep('Search by name');
    expect(textbox('Student name')).toHaveValue('john michael smith');
  });

  it('another person signing in on the tab starts a fresh wizard', async () => {
    signInAs(users.globalAdmin);
    automaticApi();
    const first = renderWizard();
    await toAddress(first.user);
    await fill(first.user, 'City', 'Lansing');
    reload(first);

    signInAs({ ...users.globalAdmin, id: 99, email: 'other@demo.test' });
    renderWizard();
    await expectStep('Search by name');
    expect(textbox('Student name')).toHaveValue('');
    expect(sessionStorage.getItem(draftKey(wizardDraftName, users.globalAdmin.id))).toBeNull();
  });

  it('the draft goes once the student is created: Back to the filled form, then a reload, starts afresh', async () => {
    signInAs(users.globalAdmin);
    const api = automaticApi();
    const first = renderWizard();
    await toSchools(first.user);
    await first.user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');
    expect(hasDraft(wizardDraftName, users.globalAdmin.id)).toBe(false);
    await first.user.click(button('Back'));
    await expectStep('Suggested schools');
    await first.user.click(button('Back'));
    await expectStep('Address');
    await fill(first.user, 'City', 'Lansing');
    expect(hasDraft(wizardDraftName, users.globalAdmin.id)).toBe(false);
    reload(first);

    renderWizard();
    await expectStep('Search by name');
    expect(textbox('Student name')).toHaveValue('');
    expect(api.to('POST', '/students')).toHaveLength(1);
  });

  it('closing it (Back from its first step) drops the draft', async () => {
    signInAs(users.globalAdmin);
    automaticApi();
    const { user, onClose, unmount } = renderWizard();
    await search(user, 'john smith');
    expect(hasDraft(wizardDraftName, users.globalAdmin.id)).toBe(true);
    await user.click(button('Back'));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    expect(hasDraft(wizardDraftName, users.globalAdmin.id)).toBe(false);
  });

  it('after a failed enrollment a reload keeps the school the student was made in, and the retry makes no second student', async () => {
    let enrollments = 0;
    signInAs(users.globalAdmin);
    const api = automaticApi({
      'POST /enrollments': (call) =>
        ++enrollments === 1
          ? jsonResponse(['The course is not offered by this school'], 422, 'Unprocessable Entity')
          : jsonResponse(enrollment(500, 77, Number(call.body.series_id)), 201),
    });
    const first = renderWizard();
    await toSchools(first.user);
    await first.user.click(button('Choose (#103) Church 3'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The course is not offered by this school');
    reload(first);

    const { user } = renderWizard();
    await expectStep('Suggested schools');
    expect(await screen.findByText('The student was created in (#103) Church 3. Choose it again to go on.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Choose (#108) Church 8' })).toBeDisabled();
    await user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');
    // The second POST carries the first one's request_key: the server answers the student it made.
    const keys = api.to('POST', '/students').map((c) => c.body.request_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

const formUrl = '/students/new?school_id=3&student_search_name=mary%20jones';

function formApi(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /schools/3': () => jsonResponse(school(3)),
    'GET /schools/4': () => jsonResponse(school(4)),
    'GET /series/simple_list': () =>
      jsonResponse({ series: [{ id: 11, name: 'Discover', type: 'Course', priority: true }] }),
    'GET /students': () => studentList([]),
    'POST /students': () => jsonResponse(student(77, { first_name: 'Mary', last_name: 'Jones' }), 201),
    'POST /enrollments': (call) => jsonResponse(enrollment(500, 77, Number(call.body.series_id)), 201),
    ...overrides,
  });
}

/** /students/new opened from the student list: the list is the entry before it. */
function renderFormPage(url = formUrl) {
  const router = createMemoryRouter(
    [
      { path: '/students/new', loader: studentNew.loader, Component: studentNew.Component },
      { path: '/students', element: <p>Students page</p> },
      { path: '/students/:id/overview', element: <p>Overview page</p> },
    ],
    { initialEntries: ['/students', url], initialIndex: 1 },
  );
  return renderWithAppClient(router);
}

async function formReady() {
  await screen.findByText('(#103) Church 3');
  return screen.findByRole('textbox', { name: 'Address' });
}

describe('/students/new?school_id= keeps what was typed until it is saved or cancelled', () => {
  it('a reload gives back the address, city, email, course and notify; another school starts fresh', async () => {
    signInAs(users.instructor);
    formApi();
    const first = renderFormPage();
    await formReady();
    const user = userEvent.setup({ delay: null });
    await fill(user, 'Address', '45 Oak Avenue');
    await fill(user, 'City', 'Lansing');
    await fill(user, 'Email', 'mary@example.test');
    await pick(user, 'Course or seminar', 'Discover');
    await user.click(screen.getByRole('checkbox', { name: 'Notify instructor by email' }));
    reload(first);

    const second = renderFormPage();
    await formReady();
    expect(textbox('Address')).toHaveValue('45 Oak Avenue');
    expect(textbox('City')).toHaveValue('Lansing');
    expect(textbox('Email')).toHaveValue('mary@example.test');
    expect(textbox('First name')).toHaveValue('Mary');
    expect(screen.getByRole('combobox', { name: 'Course or seminar' })).toHaveValue('Discover');
    expect(screen.getByRole('checkbox', { name: 'Notify instructor by email' })).not.toBeChecked();
    reload(second);

    renderFormPage('/students/new?school_id=4&student_search_name=mary%20jones');
    await screen.findByText('(#104) Church 4');
    expect(textbox('Address')).toHaveValue('');
    expect(textbox('First name')).toHaveValue('Mary');
  });

  it('a save drops the draft and puts the new student in the form’s place: Back goes to the page before', async () => {
    signInAs(users.instructor);
    const api = formApi();
    const { router } = renderFormPage();
    await formReady();
    const user = userEvent.setup({ delay: null });
    await fillAddress(user);
    expect(hasDraft(formPageDraftName, users.instructor.id)).toBe(true);
    await user.click(button('Create Student'));
    await screen.findByText('Overview page');
    expect(router.state.location.pathname).toBe('/students/77/overview');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(hasDraft(formPageDraftName, users.instructor.id)).toBe(false);

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Students page')).toBeInTheDocument();
    expect(api.to('POST', '/students')).toHaveLength(1);
  });

  it('Cancel drops the draft', async () => {
    signInAs(users.instructor);
    formApi();
    renderFormPage();
    await formReady();
    const user = userEvent.setup({ delay: null });
    await fill(user, 'City', 'Lansing');
    expect(hasDraft(formPageDraftName, users.instructor.id)).toBe(true);
    await user.click(button('Cancel'));
    await screen.findByText('Students page');
    expect(hasDraft(formPageDraftName, users.instructor.id)).toBe(false);
  });

  it('Create Student stays disabled while the save runs, and a second submit makes no second student', async () => {
    signInAs(users.instructor);
    const answer = deferred<Response>();
    const api = formApi({ 'POST /students': () => answer.promise });
    renderFormPage();
    await formReady();
    const user = userEvent.setup({ delay: null });
    await fillAddress(user);
    await user.click(button('Create Student'));
    await waitFor(() => expect(api.to('POST', '/students')).toHaveLength(1));
    expect(button('Create Student')).toBeDisabled();
    await user.type(textbox('City'), '{Enter}');
    answer.resolve(jsonResponse(student(77, { first_name: 'Mary', last_name: 'Jones' }), 201));
    await screen.findByText('Overview page');
    expect(api.to('POST', '/students')).toHaveLength(1);
  });
});

describe('one save at a time (use-new-student-save.ts)', () => {
  it('a save asked for while one runs is that one: one student, one enrollment', async () => {
    signInAs(users.instructor);
    const answer = deferred<Response>();
    const api = formApi({ 'POST /students': () => answer.promise });
    const { result } = renderHook(() => useNewStudentSave(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    const input = {
      fields: { first_name: 'Mary', last_name: 'Jones' } as never,
      schoolId: 3,
      instructorId: 33,
      seriesId: 11,
      notifyInstructor: true,
    };
    const { save } = result.current;
    const first = save(input);
    const second = save(input);
    answer.resolve(jsonResponse(student(77), 201));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(api.to('POST', '/students')).toHaveLength(1);
    expect(api.to('POST', '/enrollments')).toHaveLength(1);
  });
});

describe('Quick Add after a reload', () => {
  it('opens again on the new-student wizard, on the step it was on', async () => {
    signInAs(users.globalAdmin);
    automaticApi();
    keepDraft(newStudentDraftName, users.globalAdmin.id, {
      step: 'course',
      searched: 'john smith',
      courseId: 11,
      schoolId: null,
      notify: true,
      values: null,
      lockedSchool: null,
      requestKey: 'kept-key',
    });
    renderScreen(<QuickAdd user={users.globalAdmin} />);
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeInTheDocument();
    await expectStep('Assign new student automatically');
    expect(await screen.findByRole('combobox', { name: 'Course' })).toHaveValue('Discover');
  });

  it('without a kept wizard it stays closed', async () => {
    signInAs(users.globalAdmin);
    automaticApi();
    renderScreen(<QuickAdd user={users.globalAdmin} />);
    expect(await screen.findByRole('button', { name: 'Quick Add' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
