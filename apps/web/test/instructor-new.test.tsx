import type { SchoolDetail } from '@srs/shared/schools';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Component as InstructorNew } from '../src/routes/instructor-new.tsx';
import { setToken } from '../src/lib/session.ts';
import { pick, school } from './new-student-support.tsx';
import { makeToken, mockJsonApi, renderWithAppClient, resetAfterEach, schoolAdmin } from './support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 45_000 });

resetAfterEach();

const permissions = {
  add_student: true,
  update: true,
  update_code_and_conference: false,
  destroy: false,
  claim_zips: true,
  offer_series: true,
};

const detail = (id: number, update: boolean): SchoolDetail => ({
  ...school(id),
  head_school_admin_user: null,
  claimed_zips: [],
  permissions: { ...permissions, update },
});

/** /instructors/new as a school admin whose schools are 3 (their own) and 4 (where they only teach). */
function renderNew(entry: string) {
  setToken(makeToken(schoolAdmin));
  const api = mockJsonApi({
    'GET /schools/simple_list': () => ({
      schools: [3, 4].map((id) => ({ ...school(id), city: 'Springfield', state: 'IL', zip_code: '62701' })),
    }),
    'GET /schools': () => ({ schools: [] }),
    'GET /schools/3': () => detail(3, true),
    'GET /schools/4': () => detail(4, false),
  });
  const view = renderWithAppClient(
    createMemoryRouter(
      [
        { path: '/instructors/new', Component: InstructorNew },
        { path: '/schools/:id/instructors', element: <p>School instructors</p> },
        { path: '/instructors', element: <p>Instructors</p> },
      ],
      { initialEntries: [entry] },
    ),
  );
  return { ...view, api };
}

describe('New instructor from a school\'s "Add an instructor"', () => {
  it('starts the first role with that school, and Cancel goes back to its instructors', async () => {
    const { router } = renderNew('/instructors/new?school_id=3');
    const select = await screen.findByRole('combobox', { name: 'School' });
    await waitFor(() => expect(select).toHaveValue('(#103) Church 3'));
    // A school admin names a school too: the school stays when the role changes.
    await pick(userEvent.setup({ delay: null }), 'Role', 'School admin');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('School admin');
    expect(select).toHaveValue('(#103) Church 3');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/schools/3/instructors');
  });

  it('leaves School to be chosen for a school this admin may not add to', async () => {
    const { api } = renderNew('/instructors/new?school_id=4');
    const select = await screen.findByRole('combobox', { name: 'School' });
    await waitFor(() => expect(api.callsTo('GET', '/schools/simple_list')).toHaveLength(1));
    expect(api.callsTo('GET', '/schools/4')).toHaveLength(1);
    expect(select).toHaveValue('');
  });

  it('leaves School to be chosen without a school in the link, and asks for no school', async () => {
    const { api } = renderNew('/instructors/new');
    expect(await screen.findByRole('combobox', { name: 'School' })).toHaveValue('');
    expect(api.calls.some((call) => /^\/schools\/\d+$/.test(call.path))).toBe(false);
  });
});
