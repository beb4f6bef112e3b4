import { messages } from '@srs/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../src/lib/toasts.ts';
import {
  type Call,
  currentLocation,
  enrollment,
  fillAddress,
  mockApi,
  pick,
  signInAs,
  student,
  studentList,
  suggested,
  users,
} from './new-student-support.tsx';
import { jsonResponse, resetAfterEach } from './support.tsx';
import { button, expectStep, found, renderWizard, search, stepCounter, type User } from './wizard-support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

const courses = () =>
  jsonResponse({
    series: [
      { id: 11, name: 'Discover', type: 'Course', priority: true },
      { id: 12, name: 'Amazing Facts', type: 'Course', priority: false },
    ],
  });

/** The automatic path's server: search, courses, suggested schools, and the two saves. */
function automaticApi(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /students': () => studentList(found),
    'GET /series/simple_list': courses,
    'GET /students/suggested_schools': () =>
      jsonResponse({
        schools: [
          suggested(3, { claimed: true, distance_miles: 1.23 }),
          suggested(8, { head_school_admin: false, head_school_admin_id: null, distance_miles: 12 }),
        ],
      }),
    'POST /students': (call) =>
      jsonResponse({ ...student(77, { first_name: 'John', last_name: 'Smith' }), school: { id: Number(call.body.school_id), school_code: '103', church_name: 'Church 3' } }, 201),
    'POST /enrollments': (call) => jsonResponse(enrollment(500, Number(call.body.student_id), Number(call.body.series_id)), 201),
    ...overrides,
  });
}

/** Search, Create New Student, the course, the address form: on the suggested schools. */
async function toSchools(user: User) {
  await search(user, 'john michael smith');
  await user.click(button('Create New Student'));
  await pick(user, 'Course', 'Discover');
  await user.click(button('Next'));
  await fillAddress(user);
  await user.click(button('Next'));
  await screen.findByRole('list', { name: 'Suggested schools' });
  await screen.findByText('(#103) Church 3');
}

/** Signed in as a global admin, on the suggested schools of the automatic path. */
async function atSuggestedSchools(overrides: Parameters<typeof automaticApi>[0] = {}) {
  signInAs(users.globalAdmin);
  const api = automaticApi(overrides);
  const { user } = renderWizard();
  await toSchools(user);
  return { api, user };
}

describe('new-student wizard: the automatic path', () => {
  it('goes through the steps in order, and every Back goes one step back; the first step closes', async () => {
    signInAs(users.globalAdmin);
    const api = automaticApi();
    const { user, onClose } = renderWizard();
    // The counter numbers the five steps of this path without a gap (no manual school step).
    expect(stepCounter()).toBe('Step 1 of 5');
    await search(user, 'john michael smith');
    await user.click(button('Create New Student'));

    await expectStep('Assign new student automatically');
    expect(stepCounter()).toBe('Step 2 of 5');
    expect(button('Next')).toBeDisabled();
    expect(api.to('GET', '/series/simple_list')[0]?.search.get('type')).toBe('Course');
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Discover', 'Amazing Facts']);
    await user.click(options[0] as HTMLElement);
    expect(button('Next')).toBeEnabled();
    await user.click(button('Next'));

    await expectStep('Address');
    expect(stepCounter()).toBe('Step 3 of 5');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('John');
    expect(screen.getByRole('textbox', { name: 'Middle name' })).toHaveValue('Michael');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Smith');
    expect(screen.getByRole('checkbox', { name: 'Notify instructor by email' })).toBeChecked();
    await fillAddress(user);
    await user.click(button('Next'));

    await expectStep('Suggested schools');
    expect(stepCounter()).toBe('Step 4 of 5');
    const schools = await screen.findByRole('list', { name: 'Suggested schools' });
    await within(schools).findByText('(#103) Church 3');
    expect(schools).toHaveTextContent('Claimed zip');
    expect(schools).toHaveTextContent('1.2 miles');
    const suggestion = api.to('GET', '/students/suggested_schools')[0];
    expect(suggestion?.search.get('series_id')).toBe('11');
    expect(suggestion?.search.get('zip_code')).toBe('62701');

    await user.click(button('Back'));
    await expectStep('Address');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');
    await user.click(button('Back'));
    await expectStep('Assign new student automatically');
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Discover');
    await user.click(button('Back'));
    await expectStep('Search by name');
    expect(screen.getByRole('textbox', { name: 'Student name' })).toHaveValue('john michael smith');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(button('Back'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses a school without a head school admin with the SPEC toast', async () => {
    const { api, user } = await atSuggestedSchools();
    await user.click(button('Choose (#108) Church 8'));
    expect(showError).toHaveBeenCalledWith(messages.noHeadSchoolAdmin);
    expect(api.to('POST', '/students')).toHaveLength(0);
    await expectStep('Suggested schools');
  });

  it('creates the student once, then the enrollment, and shows the assigned school', async () => {
    const { api, user } = await atSuggestedSchools();
    await user.click(button('Choose (#103) Church 3'));

    await expectStep('Student created');
    expect(stepCounter()).toBe('Step 5 of 5');
    expect(showSuccess).toHaveBeenCalledWith(messages.studentCreated);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/students', '/enrollments']);
    const created = api.to('POST', '/students')[0]?.body;
    expect(created).toMatchObject({
      first_name: 'John',
      middle_name: 'Michael',
      last_name: 'Smith',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      include_in_mailing_list: 'if_address_valid',
      school_id: 3,
      instructor_id: 33,
      series_id: 11,
      notify_instructor_by_email: true,
    });
    expect(String(created?.request_key)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(api.to('POST', '/enrollments')[0]?.body).toEqual({
      student_id: 77,
      series_id: 11,
      school_id: 3,
      notify_instructor_by_email: false,
    });
    expect(screen.getByText('Assigned school')).toBeInTheDocument();
    expect(screen.getByText('(#103) Church 3')).toBeInTheDocument();
    expect(screen.getByText(/registration number 100123/)).toBeInTheDocument();

    await user.click(button('Back'));
    await expectStep('Suggested schools');
    // The student exists in school 103 only: the other schools are disabled, and a line says why.
    const why = 'The student was created in (#103) Church 3. Choose it again to go on.';
    expect(await screen.findByText(why)).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Choose (#108) Church 8' })).toBeDisabled();
    expect(button('Choose (#108) Church 8')).toHaveAccessibleDescription(why);
    await user.click(await screen.findByRole('button', { name: 'Choose (#103) Church 3' }));
    await expectStep('Student created');
    expect(api.to('POST', '/students')).toHaveLength(1);
    expect(api.to('POST', '/enrollments')).toHaveLength(1);

    await user.click(button('View Student Overview'));
    expect(currentLocation()).toBe('/students/77/overview');
  });

  it('a failed enrollment returns to the school list with the error; the retry does not post the student again', async () => {
    let enrollmentAttempts = 0;
    const { api, user } = await atSuggestedSchools({
      'POST /enrollments': (call) =>
        ++enrollmentAttempts === 1
          ? jsonResponse(['The course is not offered by this school'], 422, 'Unprocessable Entity')
          : jsonResponse(enrollment(500, Number(call.body.student_id), 11), 201),
    });
    await user.click(button('Choose (#103) Church 3'));

    expect(await screen.findByRole('alert')).toHaveTextContent('The course is not offered by this school');
    await expectStep('Suggested schools');
    expect(showSuccess).not.toHaveBeenCalled();
    expect(button('Choose (#108) Church 8')).toBeDisabled();
    expect(screen.getByText('The student was created in (#103) Church 3. Choose it again to go on.')).toBeVisible();

    await user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');
    expect(api.to('POST', '/students')).toHaveLength(1);
    expect(api.to('POST', '/enrollments')).toHaveLength(2);
    expect(api.to('POST', '/enrollments')[1]?.body).toMatchObject({ student_id: 77 });
    expect(showSuccess).toHaveBeenCalledWith(messages.studentCreated);
  });

  it('a failed create is retried with the same request_key, so a lost answer makes no second student', async () => {
    let attempts = 0;
    const { api, user } = await atSuggestedSchools({
      'POST /students': (call) =>
        ++attempts === 1
          ? jsonResponse(null, 500, 'Internal Server Error')
          : jsonResponse({ ...student(77), school: { id: Number(call.body.school_id), school_code: '103', church_name: 'Church 3' } }, 201),
    });
    await user.click(button('Choose (#103) Church 3'));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.somethingWentWrong);
    expect(api.to('POST', '/enrollments')).toHaveLength(0);

    await user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');
    const keys = api.to('POST', '/students').map((c) => c.body.request_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('Add New Student restarts the wizard with a new request_key', async () => {
    const { api, user } = await atSuggestedSchools();
    await user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');

    await user.click(button('Add New Student'));
    await expectStep('Search by name');
    expect(screen.getByRole('textbox', { name: 'Student name' })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Students found' })).toBeNull();

    await toSchools(user);
    await user.click(button('Choose (#103) Church 3'));
    await expectStep('Student created');
    const keys = api.to('POST', '/students').map((c) => c.body.request_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
