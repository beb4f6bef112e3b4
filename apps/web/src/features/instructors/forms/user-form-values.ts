import { fieldErrorsOf } from '../../../lib/http-errors.ts';
import type { Language } from '@srs/shared/i18n';
import type { RoleType } from '@srs/shared/roles';
import type { RoleInput, UserDetail, UserInputFields, UserUpdateFields } from '@srs/shared/users';
import { instructorsText } from '../messages.ts';

/** One row of the roles editor: the organisation id as the select holds it ('' before a pick). */
export type RoleRow = { role_type: RoleType; organization: string };

export type UserFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** The person's language; '' for their browser's. */
  language: '' | Language;
  admin: boolean;
  roles: RoleRow[];
  send_welcome_email: boolean;
};

export type UserFieldName = 'first_name' | 'last_name' | 'email' | 'phone' | 'roles';

/** Which roles the signed-in admin may hand out (the server's rule, docs/decisions.md): the picker offers these. */
export function grantableRoleTypes(editor: { global: boolean; conferenceAdmin: boolean }): RoleType[] {
  if (editor.global) return ['instructor', 'school_admin', 'conference_admin', 'global_admin'];
  if (editor.conferenceAdmin) return ['instructor', 'school_admin', 'conference_admin'];
  return ['instructor', 'school_admin'];
}

/** What an organisation of a role is: a school, a conference, or nothing for a global admin. */
export const organisationKind = (roleType: RoleType): 'school' | 'conference' | null =>
  roleType === 'global_admin' ? null : roleType === 'conference_admin' ? 'conference' : 'school';

/**
 * The school a new user's first role starts with, from the link that opened the form: only one
 * this admin may add people to (the school's permissions.update, the server's rule for granting
 * its roles); otherwise the School stays to be chosen.
 */
export function preselectedSchoolId(school: { id: number; permissions: { update: boolean } } | undefined): number | undefined {
  return school?.permissions.update ? school.id : undefined;
}

export function userFormValuesOf(user?: UserDetail, schoolId?: number): UserFormValues {
  if (!user) {
    return {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      language: '',
      admin: false,
      roles: [{ role_type: 'instructor', organization: schoolId ? String(schoolId) : '' }],
      send_welcome_email: true,
    };
  }
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone ?? '',
    language: user.language ?? '',
    admin: user.admin,
    roles: user.roles.map((role) => ({
      role_type: role.role_type,
      organization: role.organization_id === null ? '' : String(role.organization_id),
    })),
    send_welcome_email: false,
  };
}

/** The request body of the form; a role row without its school or conference is left for the form to refuse. */
export function userInputOf(values: UserFormValues, withAdminFlag: boolean): UserInputFields {
  const roles: RoleInput[] = values.roles.map((row) => ({
    role_type: row.role_type,
    organization_id: organisationKind(row.role_type) === null || row.organization === '' ? null : Number(row.organization),
  }));
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    language: values.language === '' ? null : values.language,
    roles,
    send_welcome_email: values.send_welcome_email,
    ...(withAdminFlag ? { admin: values.admin } : {}),
  };
}

/**
 * Why this admin cannot change this user's email (permissions.change_email: only an admin who
 * could grant every role the user holds, never on one's own account), or null when they can.
 */
export function emailLockOf(user: UserDetail | undefined, signedInId: number | undefined): string | null {
  if (!user || user.permissions.change_email) return null;
  if (user.id === signedInId) return instructorsText.t('ownEmailLock');
  return instructorsText.t('emailLock');
}

/** The body of an edit (PUT /users/{id}): the email only when this admin may change it, else it is kept. */
export function userUpdateOf(values: UserFormValues, user: UserDetail, withAdminFlag: boolean): UserUpdateFields {
  const { email, ...input } = userInputOf(values, withAdminFlag);
  return user.permissions.change_email ? { ...input, email } : input;
}

/** A role row still missing its organisation, said the way a person reads it. */
export function missingOrganisation(values: UserFormValues): string | null {
  const row = values.roles.find((role) => organisationKind(role.role_type) !== null && role.organization === '');
  if (!row) return null;
  return organisationKind(row.role_type) === 'conference'
    ? instructorsText.t('chooseConferenceOfRole')
    : instructorsText.t('chooseSchoolOfRole');
}

/** The messages of a 422 body (field → messages) for the fields of this form, as 'Email has already been taken'. */
export function userFieldErrors(body: unknown): Partial<Record<UserFieldName, string>> {
  return fieldErrorsOf(body, ['first_name', 'last_name', 'email', 'phone', 'roles'] as const);
}
