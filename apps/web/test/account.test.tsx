import type { AccountDetail } from '@srs/shared/account';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    await userEvent.click(save);
    expect(await screen.findByText('Email has already been taken')).toBeInTheDocument();
    expect(email).toHaveValue('taken@example.org');
    expect(onSubmit).toHaveBeenCalledWith({ first_name: 'Ruth', last_name: 'Okafor', email: 'taken@example.org', phone: '' });
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
});
