import type { UserDetail } from '@srs/shared/users';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserForm } from '../src/features/instructors/forms/user-form.tsx';
import { userFormValuesOf } from '../src/features/instructors/forms/user-form-values.ts';
import { setToken } from '../src/lib/session.ts';
import { makeToken, mockJsonApi, schoolAdmin, Wrapper } from './support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const colleague: UserDetail = {
  id: 9,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  phone: null,
  language: null,
  admin: false,
  roles: [{ id: 1, role_type: 'instructor', organization_type: 'School', organization_id: 3, organization_name: 'Central' }],
  students_count: 0,
  head_of_schools: [],
  last_sign_in_at: null,
  welcome_email_sent_at: null,
  permissions: { update: true, change_email: false, destroy: false, welcome_email: false, delete_mfa: false },
};

function renderEdit(user: UserDetail, onSubmit = vi.fn().mockResolvedValue(user)) {
  setToken(makeToken(schoolAdmin));
  mockJsonApi({ 'GET /schools/simple_list': () => ({ schools: [] }), 'GET /schools': () => ({ schools: [] }) });
  render(<UserForm user={user} defaultValues={userFormValuesOf(user)} submitLabel="Save" onCancel={vi.fn()} onSubmit={onSubmit} />, {
    wrapper: Wrapper,
  });
  return onSubmit;
}

describe('editing a user whose email this admin may not change', () => {
  it('shows the email read-only with who can change it, and saves the rest without it', async () => {
    const onSubmit = renderEdit(colleague);
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveValue('ann@example.org');
    expect(email).toHaveAccessibleDescription(
      'Only an administrator of every school and conference this person works for can change their email.',
    );
    // No welcome email either: this admin does not govern the account.
    expect(screen.queryByLabelText(/Send the welcome email/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Phone/), '555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(sent).not.toHaveProperty('email');
    expect(sent).toMatchObject({ first_name: 'Ann', phone: '555 0100', send_welcome_email: false });
  });

  it("on one's own account, points to My Account", () => {
    renderEdit({ ...colleague, id: schoolAdmin.id });
    expect(screen.getByLabelText(/Email/)).toHaveAccessibleDescription('Change your own email from My Account.');
  });

  it('leaves the email editable, and sends it, when this admin may change it', async () => {
    const onSubmit = renderEdit({ ...colleague, permissions: { ...colleague.permissions, change_email: true, welcome_email: true } });
    const email = screen.getByLabelText(/Email/);
    expect(email).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Send the welcome email again/)).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ann.lee@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ email: 'ann.lee@example.org' }));
  });
});

describe("a user's language (issue 29)", () => {
  it("is chosen for them: their browser's until set, then sent with the rest", async () => {
    const onSubmit = renderEdit(colleague);
    const language = screen.getByLabelText('Language', { selector: 'input' });
    expect(language).toHaveValue("Their browser's language");
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: 'Español', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ language: 'es' }));
  });

  it("shows the language set, and goes back to the browser's as null", async () => {
    const onSubmit = renderEdit({ ...colleague, language: 'es' });
    const language = screen.getByLabelText('Language', { selector: 'input' });
    expect(language).toHaveValue('Español');
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: "Their browser's language", hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ language: null }));
  });
});
