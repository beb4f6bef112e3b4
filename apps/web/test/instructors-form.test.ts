import type { UserDetail } from '@srs/shared/users';
import { describe, expect, it } from 'vitest';
import { requestErrors } from '../src/features/auth/components/account-request-form.tsx';
import {
  emailLockOf,
  grantableRoleTypes,
  missingOrganisation,
  userFieldErrors,
  userFormValuesOf,
  userInputOf,
  userUpdateOf,
} from '../src/features/instructors/forms/user-form-values.ts';

const user: UserDetail = {
  id: 7,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.org',
  phone: null,
  language: null,
  admin: false,
  roles: [
    { id: 1, role_type: 'instructor', organization_type: 'School', organization_id: 3, organization_name: '(#101) First' },
    { id: 2, role_type: 'global_admin', organization_type: null, organization_id: null, organization_name: null },
  ],
  students_count: 0,
  head_of_schools: [],
  last_sign_in_at: null,
  welcome_email_sent_at: null,
  permissions: { update: true, change_email: true, destroy: true, welcome_email: true, delete_mfa: true },
};

describe('the instructor form', () => {
  it('offers the roles the signed-in admin may grant', () => {
    expect(grantableRoleTypes({ global: false, conferenceAdmin: false })).toEqual(['instructor', 'school_admin']);
    expect(grantableRoleTypes({ global: false, conferenceAdmin: true })).toContain('conference_admin');
    expect(grantableRoleTypes({ global: true, conferenceAdmin: false })).toContain('global_admin');
  });

  it('starts a new user with one instructor role (the school of ?school_id=) and the welcome email ticked', () => {
    const values = userFormValuesOf(undefined, 3);
    expect(values.roles).toEqual([{ role_type: 'instructor', organization: '3' }]);
    expect(values.send_welcome_email).toBe(true);
    expect(userFormValuesOf(user).send_welcome_email).toBe(false);
  });

  it("sends the roles as the API takes them; the admin flag only from global admins' forms", () => {
    const input = userInputOf(userFormValuesOf(user), false);
    expect(input.roles).toEqual([
      { role_type: 'instructor', organization_id: 3 },
      { role_type: 'global_admin', organization_id: null },
    ]);
    expect('admin' in input).toBe(false);
    expect(userInputOf(userFormValuesOf(user), true).admin).toBe(false);
  });

  it('refuses a role without its school before sending, and reads a 422 body by field', () => {
    expect(missingOrganisation(userFormValuesOf())).toBe('Choose the school of each role.');
    expect(missingOrganisation(userFormValuesOf(user))).toBeNull();
    expect(userFieldErrors({ email: ['has already been taken'], base: ['x'] })).toEqual({
      email: 'Email has already been taken',
    });
    expect(userFieldErrors('No head school admin')).toEqual({});
  });
});

describe("a user's email (permissions.change_email)", () => {
  const locked: UserDetail = { ...user, permissions: { ...user.permissions, change_email: false } };

  it('is sent only by an admin who may change it; the rest of the edit is sent as before', () => {
    const values = { ...userFormValuesOf(user), email: 'ann.new@example.org', phone: '555 0100' };
    expect(userUpdateOf(values, user, false).email).toBe('ann.new@example.org');
    const sent = userUpdateOf(values, locked, false);
    expect(sent).not.toHaveProperty('email');
    expect(sent).toMatchObject({ first_name: 'Ann', phone: '555 0100' });
    expect(sent.roles).toHaveLength(2);
  });

  it('says who can change it when this admin cannot', () => {
    expect(emailLockOf(undefined, 1)).toBeNull();
    expect(emailLockOf(user, 1)).toBeNull();
    expect(emailLockOf(locked, 1)).toBe(
      'Only an administrator of every school and conference this person works for can change their email.',
    );
    expect(emailLockOf(locked, user.id)).toBe('Change your own email from My Account.');
  });
});

describe("the 'Need an account?' request", () => {
  it("checks the fields with the server's schema", () => {
    const errors = requestErrors({ first_name: '', last_name: 'Lee', email: 'nope', school_id: null, message: '' });
    expect(errors).toEqual({
      first_name: 'This field is required',
      email: 'Email is not a valid email address',
      school_id: 'Choose your school',
    });
    expect(
      requestErrors({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', school_id: '4', message: '' }),
    ).toEqual({});
  });
});
