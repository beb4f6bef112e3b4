import { messages } from '@srs/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from '../src/app/route-error.tsx';
import * as studentNew from '../src/routes/student-new.tsx';
import { showSuccess } from '../src/lib/toasts.ts';
import {
  type Call,
  currentLocation,
  enrollment,
  fillAddress,
  mockApi,
  pick,
  renderScreen,
  school,
  signInAs,
  student,
  studentList,
  users,
} from './new-student-support.tsx';
import { jsonResponse, resetAfterEach } from './support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const route = [
  {
    path: '/students/new',
    loader: studentNew.loader,
    Component: studentNew.Component,
    errorElement: <RouteError />,
  },
  { path: '/students', element: <p>Students page</p> },
];

function renderNew(entry: string) {
  return renderScreen(<p>Elsewhere</p>, entry, route);
}

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /schools/3': () => jsonResponse(school(3)),
    'GET /series/simple_list': () =>
      jsonResponse({
        series: [
          { id: 11, name: 'Discover', type: 'Course', priority: true },
          { id: 21, name: 'Revelation Seminar', type: 'Seminar', priority: false },
        ],
      }),
    'GET /students': () => studentList([]),
    'POST /students': () => jsonResponse(student(77), 201),
    'POST /enrollments': (call) => jsonResponse(enrollment(500, 77, Number(call.body.series_id)), 201),
    ...overrides,
  });
}

const button = (name: string) => screen.getByRole('button', { name });

describe('/students/new with school_id (SPEC section 2)', () => {
  it("shows the school's form with the names from the search, notify checked, and its courses and seminars", async () => {
    signInAs(users.instructor);
    const calls = api();
    const { user } = renderNew('/students/new?school_id=3&student_search_name=mary%20ann%20jones');
    expect(await screen.findByText('(#103) Church 3')).toBeInTheDocument();
    // The last step of the wizard's manual path (search, school, this form).
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Mary');
    expect(screen.getByRole('textbox', { name: 'Middle name' })).toHaveValue('Ann');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Jones');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    expect(screen.getByRole('checkbox', { name: 'Notify instructor by email' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'If the address is valid' })).toBeChecked();
    expect(calls.to('GET', '/series/simple_list')[0]?.search.get('school_id')).toBe('3');

    await user.click(screen.getByRole('combobox', { name: 'Course or seminar' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Discover' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Revelation Seminar' })).toBeInTheDocument();
  });

  it('creates the student with the head school admin as instructor, then the enrollment, then opens the overview', async () => {
    signInAs(users.instructor);
    const calls = api();
    const { user } = renderNew('/students/new?school_id=3&student_search_name=mary%20jones');
    await screen.findByText('(#103) Church 3');
    await fillAddress(user);
    await pick(user, 'Course or seminar', 'Revelation Seminar');
    await user.click(button('Create Student'));

    await waitFor(() => expect(currentLocation()).toBe('/students/77/overview'));
    expect(showSuccess).toHaveBeenCalledWith(messages.studentCreated);
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/students', '/enrollments']);
    const created = calls.to('POST', '/students')[0]?.body;
    expect(created).toMatchObject({
      first_name: 'Mary',
      last_name: 'Jones',
      school_id: 3,
      instructor_id: 33,
      series_id: 21,
      notify_instructor_by_email: true,
    });
    expect(typeof created?.request_key).toBe('string');
    expect(calls.to('POST', '/enrollments')[0]?.body).toEqual({
      student_id: 77,
      series_id: 21,
      school_id: 3,
      notify_instructor_by_email: false,
    });
  });

  it('without a course or seminar only the student is created', async () => {
    signInAs(users.instructor);
    const calls = api();
    const { user } = renderNew('/students/new?school_id=3&student_search_name=mary%20jones');
    await screen.findByText('(#103) Church 3');
    await fillAddress(user);
    await user.click(screen.getByRole('checkbox', { name: 'Notify instructor by email' }));
    await user.click(button('Create Student'));
    await waitFor(() => expect(currentLocation()).toBe('/students/77/overview'));
    expect(calls.to('POST', '/enrollments')).toHaveLength(0);
    expect(calls.to('POST', '/students')[0]?.body).toMatchObject({ series_id: null, notify_instructor_by_email: false });
  });

  it('a school without a head school admin shows the message and keeps Create disabled', async () => {
    signInAs(users.schoolAdmin);
    api({ 'GET /schools/3': () => jsonResponse(school(3, { head_school_admin: false, head_school_admin_id: null })) });
    renderNew('/students/new?school_id=3');
    expect(await screen.findByText(messages.schoolNeedsHeadSchoolAdmin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage School' })).toHaveAttribute('href', '/schools/3/overview');
    expect(button('Create Student')).toBeDisabled();
  });

  it('a failed save keeps what was typed and shows the 422 messages on their fields', async () => {
    signInAs(users.instructor);
    const calls = api({
      'POST /students': () =>
        jsonResponse({ zip_code: ['is not a valid zip code'], city: ['is too long'] }, 422, 'Unprocessable Entity'),
    });
    const { user, router } = renderNew('/students/new?school_id=3&student_search_name=mary%20jones');
    await screen.findByText('(#103) Church 3');
    await fillAddress(user);
    await user.click(button('Create Student'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Zip code is not a valid zip code, City is too long');
    expect(screen.getByRole('textbox', { name: 'Zip code' })).toHaveAccessibleDescription('Zip code is not a valid zip code');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription('City is too long');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('1 Main St');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Mary');
    expect(calls.to('POST', '/enrollments')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/students/new');
  });

  it('a retry after a failed enrollment does not create the student again', async () => {
    signInAs(users.instructor);
    let attempts = 0;
    const calls = api({
      'POST /enrollments': (call) =>
        ++attempts === 1
          ? jsonResponse({ error: 'Series is not offered by this school' }, 409, 'Conflict')
          : jsonResponse(enrollment(500, 77, Number(call.body.series_id)), 201),
    });
    const { user } = renderNew('/students/new?school_id=3&student_search_name=mary%20jones');
    await screen.findByText('(#103) Church 3');
    await fillAddress(user);
    await pick(user, 'Course or seminar', 'Discover');
    await user.click(button('Create Student'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Series is not offered by this school');

    await user.click(button('Create Student'));
    await waitFor(() => expect(currentLocation()).toBe('/students/77/overview'));
    expect(calls.to('POST', '/students')).toHaveLength(1);
    expect(calls.to('POST', '/enrollments')).toHaveLength(2);
  });

  it('a school that cannot be loaded shows Error Loading Content', async () => {
    signInAs(users.instructor);
    api({ 'GET /schools/3': () => jsonResponse({ error: 'School not found' }, 404, 'Not Found') });
    renderNew('/students/new?school_id=3');
    expect(await screen.findByText(messages.errorLoadingContent)).toBeInTheDocument();
    expect(screen.getByText('School not found')).toBeInTheDocument();
  });
});

describe('/students/new without school_id', () => {
  it('is the wizard; its first Back returns to the student list', async () => {
    signInAs(users.schoolAdmin);
    api();
    const { user } = renderNew('/students/new');
    expect(await screen.findByRole('heading', { name: 'Search by name' })).toBeInTheDocument();
    await user.click(button('Back'));
    expect(await screen.findByText('Students page')).toBeInTheDocument();
  });
});
