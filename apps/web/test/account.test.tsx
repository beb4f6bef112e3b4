import { type AccountDetail, accountMessages } from '@srs/shared/account';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountInputOf, accountValuesOf, asksPassword } from '../src/features/account/account-form-values.ts';
import { AccountForm } from '../src/features/account/components/account-form.tsx';
import { pictureProblem } from '../src/features/account/picture-checks.ts';
import { HttpError } from '../src/lib/http-errors.ts';
import { Wrapper } from './support.tsx';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'picked', { type });

describe('a picture chosen on the device, before it is sent', () => {
  it('is refused in the server’s words when over 5 MB or not a picture by its type', () => {
    expect(pictureProblem('profile_picture', file('image/png', 5 * 1024 * 1024 + 1))).toBe(
      'Profile picture is too large (at most 5 MB)',
    );
    expect(pictureProblem('background_image', file('image/svg+xml', 100))).toBe(
      'Background image is not a picture: choose a JPEG, PNG, WebP or GIF file',
    );
    expect(pictureProblem('profile_picture', file('image/jpeg', 5 * 1024 * 1024))).toBeNull();
  });
});

const account: AccountDetail = {
  id: 7,
  first_name: 'Ruth',
  last_name: 'Okafor',
  email: 'ruth@example.org',
  phone: null,
  profile_picture_url: null,
  background_image_url: null,
  email_preferences: { new_student: true, enrollment_notice: true },
  password_sign_in: true,
  mfa_enabled: false,
  language: null,
};

describe('the account form', () => {
  it('sends what changed, and a refused email shows at its field with what was typed kept', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Email has already been taken', 422, { email: ['has already been taken'] }))
      .mockResolvedValueOnce(account);
    render(<AccountForm account={account} onSubmit={onSubmit} />, { wrapper: Wrapper });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.org');
    await userEvent.type(screen.getByLabelText('Current password'), 'ruths-password');
    await userEvent.click(save);
    expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
    expect(email).toHaveValue('taken@example.org');
    expect(onSubmit).toHaveBeenCalledWith({
      first_name: 'Ruth',
      last_name: 'Okafor',
      email: 'taken@example.org',
      phone: '',
      current_password: 'ruths-password',
    });
    await userEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('asks for a name it cannot do without', async () => {
    const onSubmit = vi.fn();
    render(<AccountForm account={account} onSubmit={onSubmit} />, { wrapper: Wrapper });
    await userEvent.clear(screen.getByLabelText(/First name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks the current password only once the email differs from the saved one', async () => {
    render(<AccountForm account={account} onSubmit={vi.fn()} />, { wrapper: Wrapper });
    const email = screen.getByLabelText(/Email/);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.type(email, 'x');
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText('Asked again before the email you sign in with changes.')).toBeInTheDocument();
    // The saved address typed again is no new email; in other capitals it is one (mail goes to it as written).
    await userEvent.clear(email);
    await userEvent.type(email, account.email);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, account.email.toUpperCase());
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('shows a wrong or missing password at its field and keeps the new email; a name change sends no password', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Current password is not correct', 422, { current_password: [accountMessages.passwordWrong] }))
      .mockResolvedValue(account);
    render(<AccountForm account={account} onSubmit={onSubmit} />, { wrapper: Wrapper });
    const email = screen.getByLabelText(/Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'ruth.new@example.org');
    await userEvent.type(screen.getByLabelText('Current password'), 'a-guess');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is not correct')).toBeInTheDocument();
    expect(email).toHaveValue('ruth.new@example.org');
    expect(screen.getByLabelText('Current password')).toHaveValue('a-guess');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(accountInputOf({ ...accountValuesOf(account), first_name: 'Ruthie' }, account)).toEqual({
      first_name: 'Ruthie',
      last_name: 'Okafor',
      email: 'ruth@example.org',
      phone: '',
    });
  });

  it('shows a 429 in its own words above the form', async () => {
    const sentence = 'Too many wrong passwords. Please wait 15 minutes and try again.';
    const onSubmit = vi.fn().mockRejectedValueOnce(new HttpError(sentence, 429, { error: sentence }, 'Too Many Requests'));
    render(<AccountForm account={account} onSubmit={onSubmit} />, { wrapper: Wrapper });
    await userEvent.type(screen.getByLabelText(/Email/), 'x');
    await userEvent.type(screen.getByLabelText('Current password'), 'a-guess');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
  });

  it("shows the email of someone who signs in through their organisation read-only, and never sends it", async () => {
    const organisation = { ...account, password_sign_in: false };
    const onSubmit = vi.fn().mockResolvedValue(organisation);
    render(<AccountForm account={organisation} onSubmit={onSubmit} />, { wrapper: Wrapper });
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      "Your organisation's sign-in knows you by this email. Ask your coordinator to change it.",
    );
    await userEvent.type(screen.getByLabelText(/Phone/), '555 0100');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ first_name: 'Ruth', last_name: 'Okafor', phone: '555 0100' });
    expect(accountInputOf({ ...accountValuesOf(organisation), email: 'other@example.org' }, organisation)).not.toHaveProperty('email');
  });
});

describe('when a new email asks the password again', () => {
  it('asks for any other text, another case or a look-alike letter too, as the server does', () => {
    expect(asksPassword(account, account.email)).toBe(false);
    expect(asksPassword(account, ` ${account.email} `)).toBe(false);
    expect(asksPassword(account, account.email.toUpperCase())).toBe(true);
    expect(asksPassword(account, account.email.replace(/^./, '\u212A'))).toBe(true);
    expect(asksPassword({ ...account, password_sign_in: false }, 'other@example.org')).toBe(false);
  });
});
