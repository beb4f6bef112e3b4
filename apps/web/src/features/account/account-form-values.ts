import type { AccountDetail, AccountUpdateFields } from '@srs/shared/account';

/** The fields of the account form, as its inputs hold them. */
export type AccountValues = { first_name: string; last_name: string; email: string; phone: string; current_password: string };
export type AccountField = keyof AccountValues;

export const accountValuesOf = (account: AccountDetail): AccountValues => ({
  first_name: account.first_name,
  last_name: account.last_name,
  email: account.email,
  phone: account.phone ?? '',
  current_password: '',
});

/**
 * Whether saving this email asks the password again: a new email for an account that signs in
 * with a password here. The server compares the same way (the trimmed text, letter for letter:
 * another case is another address to send mail to), so the field shows exactly when it is asked for.
 */
export const asksPassword = (account: AccountDetail, email: string): boolean =>
  account.password_sign_in && email.trim() !== account.email;

/**
 * The fields the form shows, which a 422 may name: no email for someone who signs in through their
 * organisation (it is changed elsewhere), the password only while it is asked.
 */
export function shownFields(account: AccountDetail, email: string): AccountField[] {
  const names: AccountField[] = ['first_name', 'last_name', 'phone'];
  if (account.password_sign_in) names.push('email');
  if (asksPassword(account, email)) names.push('current_password');
  return names;
}

/** The body of PATCH /users/update_current: the fields shown (shownFields), so nothing hidden is sent. */
export function accountInputOf(values: AccountValues, account: AccountDetail): AccountUpdateFields {
  const { email, current_password, ...names } = values;
  if (!account.password_sign_in) return names;
  return asksPassword(account, email) ? { ...names, email, current_password } : { ...names, email };
}
