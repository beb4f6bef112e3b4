import { messages } from '@srs/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, mockApi, school, signInAs, studentList, users } from './new-student-support.tsx';
import { jsonResponse, resetAfterEach } from './support.tsx';
import { hasDraft } from '../src/lib/drafts.ts';
import { button, expectStep, renderWizard, search, wizardDraftName } from './wizard-support.tsx';

// jsdom renders Mantine's forms slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../src/lib/toasts.ts', () => import('./mocks/toasts.ts'));

resetAfterEach();

/** The user's schools as the picker lists them (GET /schools/simple_list). */
function schoolsApi(schools: { id: number; head_school_admin: boolean }[]) {
  return mockApi({
    'GET /students': () => studentList([]),
    'GET /schools/simple_list': () =>
      jsonResponse({
        schools: schools.map(({ id, head_school_admin }) => ({
          id,
          school_code: String(100 + id),
          church_name: `Church ${id}`,
          city: 'Springfield',
          state: 'IL',
          zip_code: '62701',
          students_count: 4,
          head_school_admin,
        })),
      }),
    'GET /schools/3': () => jsonResponse(school(3, { head_school_admin: false, head_school_admin_id: null })),
  });
}

describe("new-student wizard: 'Place in School Manually' for a user with one school", () => {
  it('goes on with that school, straight to the form, without asking for it', async () => {
    signInAs(users.schoolAdmin);
    const api = schoolsApi([{ id: 3, head_school_admin: true }]);
    const { user } = renderWizard();
    await search(user, 'john smith');
    await waitFor(() => expect(api.to('GET', '/schools/simple_list')).toHaveLength(1));
    await user.click(button('Place in School Manually'));
    await waitFor(() => expect(currentLocation()).toBe('/students/new?school_id=3&student_search_name=john+smith'));
    expect(screen.queryByRole('combobox', { name: 'School' })).toBeNull();
    // The wizard's draft goes with the step to the form, though the wizard is still mounted (a
    // modal fading out): a reload then opens the form alone.
    expect(screen.getByRole('button', { name: 'Place in School Manually' })).toBeInTheDocument();
    expect(hasDraft(wizardDraftName, users.schoolAdmin.id)).toBe(false);
  });

  it('shows the step with that school chosen when it cannot take students yet, saying why', async () => {
    signInAs(users.schoolAdmin);
    schoolsApi([{ id: 3, head_school_admin: false }]);
    const { user } = renderWizard();
    await search(user, 'john smith');
    await user.click(button('Place in School Manually'));
    await expectStep('Place in School Manually');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'School' })).toHaveValue('(#103) Church 3 — Springfield, IL, 62701 · 4 students'));
    expect(await screen.findByText(messages.schoolNeedsHeadSchoolAdmin)).toBeInTheDocument();
    expect(button('Create New Student')).toBeDisabled();
  });

  it('keeps the choice for a user with several schools', async () => {
    signInAs(users.schoolAdmin);
    const api = schoolsApi([
      { id: 3, head_school_admin: true },
      { id: 9, head_school_admin: true },
    ]);
    const { user } = renderWizard();
    await search(user, 'john smith');
    await waitFor(() => expect(api.to('GET', '/schools/simple_list')).toHaveLength(1));
    await user.click(button('Place in School Manually'));
    await expectStep('Place in School Manually');
    expect(screen.getByRole('combobox', { name: 'School' })).toHaveValue('');
    expect(currentLocation()).toBe('/start');
  });
});
