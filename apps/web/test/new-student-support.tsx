import type { EnrollmentDetail } from '@srs/shared/enrollments';
import type { TokenUser } from '@srs/shared/roles';
import type { School } from '@srs/shared/schools';
import type { Student, SuggestedSchool } from '@srs/shared/students';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, useLocation } from 'react-router';
import { setToken } from '../src/lib/session.ts';
import { makeStudent, noRecords } from './student-fixtures.ts';
import { type ApiCall, jsonResponse, makeToken, renderWithAppClient, stubApi, unexpectedCall } from './support.tsx';

// The first render of a Mantine form takes a while in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const role = (id: number, role_type: TokenUser['roles'][number]['role_type']) => ({
  id,
  role_type,
  organization_type: role_type === 'global_admin' ? null : role_type === 'conference_admin' ? 'Conference' : 'School',
  organization_id: role_type === 'global_admin' ? null : 3,
  organization_name: role_type === 'global_admin' ? null : 'Central',
}) as TokenUser['roles'][number];

const person = (id: number, roleType: TokenUser['roles'][number]['role_type']): TokenUser => ({
  id,
  first_name: 'Test',
  last_name: roleType,
  email: `${roleType}@demo.test`,
  admin: false,
  roles: [role(id, roleType)],
});

export const users = {
  globalAdmin: person(1, 'global_admin'),
  conferenceAdmin: person(2, 'conference_admin'),
  schoolAdmin: person(3, 'school_admin'),
  instructor: person(4, 'instructor'),
};

export function signInAs(user: TokenUser) {
  setToken(makeToken(user));
}

/** John Smith of 1 Main St, whom the new-student searches find. */
export function student(id: number, overrides: Partial<Student> = {}): Student {
  return makeStudent(id, {
    first_name: 'John',
    last_name: 'Smith',
    address: '1 Main St',
    created_at: '2026-01-15T10:00:00Z',
    instructor: { id: 3, first_name: 'Sam', last_name: 'Admin' },
    ...overrides,
  });
}

export function school(id: number, overrides: Partial<School> = {}): School {
  return {
    id,
    school_code: String(100 + id),
    church_name: `Church ${id}`,
    active: true,
    conference: { id: 1, name: 'North' },
    school_address: null,
    school_address_2: null,
    school_city: 'Springfield',
    school_state: 'IL',
    school_country: 'United States',
    school_zip_code: '62701',
    church_address: null,
    church_address_2: null,
    church_city: null,
    church_state: null,
    church_country: null,
    church_zip_code: null,
    courses: [],
    head_school_admin_id: 30 + id,
    head_school_admin: true,
    students_count: 10,
    ...overrides,
  };
}

export function suggested(id: number, overrides: Partial<SuggestedSchool> = {}): SuggestedSchool {
  return {
    id,
    school_code: String(100 + id),
    church_name: `Church ${id}`,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    head_school_admin: true,
    head_school_admin_id: 30 + id,
    claimed: false,
    distance_miles: 4.25,
    ...overrides,
  };
}

export function enrollment(id: number, studentId: number, seriesId: number): EnrollmentDetail {
  return {
    id,
    series_id: seriesId,
    permissions: { update: true, destroy: true },
    series_name: 'Discover',
    series_type: 'Course',
    series: { type: 'Course', name: 'Discover' },
    registration_number: '100123',
    lesson_number: 0,
    orphaned: false,
    status: 'Enrolled',
    last_sent_delivery: null,
    cached_latest_followup_date: null,
    student: { id: studentId, first_name: 'John', middle_name: null, last_name: 'Smith' },
    school: { id: 3, school_code: '101', church_name: 'Central' },
    instructor: null,
    started_on: '2026-03-01',
    needing_followup: false,
    followup_reason: null,
    cached_next_reminder_date: null,
    ...noRecords(),
  };
}

export type Call = ApiCall<Record<string, unknown>>;
type Handler = (call: Call) => Response | Promise<Response>;

const states: Record<string, { id: number; name: string; abbreviation: string }[]> = {
  'United States': [
    { id: 1, name: 'Illinois', abbreviation: 'IL' },
    { id: 2, name: 'Texas', abbreviation: 'TX' },
  ],
  Canada: [{ id: 3, name: 'Ontario', abbreviation: 'ON' }],
  Monaco: [],
};

/** The lookups every student form makes: countries and their states. */
const lookups: Record<string, Handler> = {
  'GET /countries': () =>
    jsonResponse({ countries: Object.keys(states).map((name, index) => ({ id: index + 1, name })) }),
  'GET /states': (call) => jsonResponse({ states: states[call.search.get('country_name') ?? ''] ?? [] }),
  // The form's likely-duplicate check: nobody, unless a test says otherwise.
  'GET /students/likely_duplicates': () => jsonResponse({ students: [] }),
};

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (after /api) over the geo lookups; every call
 * is recorded. A call nobody answers is a 500, so a test never passes on a request it did not mean.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const all = { ...lookups, ...handlers };
  const { calls, callsTo } = stubApi<Record<string, unknown>>(
    (call) => all[`${call.method} ${call.path}`]?.(call) ?? unexpectedCall(call),
    {},
  );
  return { calls, to: callsTo };
}

/** GET /students answered with these students, all on one page. */
export const studentList = (students: Student[]) =>
  jsonResponse({ students, pagination: { page: 1, per_page: 1, total_count: students.length, total_pages: 1 } });

/** A promise the test settles when it wants: what a slow server looks like. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function Location() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

/** Renders a screen in a memory router with the app's query client; the location is on screen. */
export function renderScreen(element: ReactNode, entry = '/start', routes: RouteObject[] = []) {
  const router = createMemoryRouter(
    [
      ...routes,
      {
        path: '*',
        element: (
          <>
            {element}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  return { user: userEvent.setup({ delay: null }), ...renderWithAppClient(router) };
}

/** Types into a text field in one go (a paste): per-key typing is slow in jsdom and tests nothing more here. */
export async function fill(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  const input = screen.getByRole('textbox', { name });
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

export const currentLocation = () => screen.getByTestId('location').textContent;

/** Opens a Mantine select by its label and picks the option. */
export async function pick(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** The address the new-student tests type: 1 Main St, Springfield, Illinois 62701. */
export async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'Address', '1 Main St');
  await fill(user, 'City', 'Springfield');
  await pick(user, 'State', 'Illinois');
  await fill(user, 'Zip code', '62701');
}
