import type { OutgoingMail } from '../modules/mail/public.ts';

/**
 * What the owner of an account is told when its email, password or second factor changes, or when
 * someone keeps guessing (docs/security.md lists when each is sent). Always to the address the
 * account had before the change; never something a person can turn off in their settings.
 */
type Owner = { email: string; firstName: string };
/** Who made the change: null when the owner did it themselves. */
type By = string | null;

const tellCoordinator = 'If this was not you, tell your coordinator at once.';

function notice(owner: Owner, subject: string, kind: string, body: string[]): OutgoingMail {
  const text = [`Hello ${owner.firstName},`, '', ...body, '', tellCoordinator].join('\n');
  return { to: owner.email, subject, text, kind };
}

export function emailChangedNotice(owner: Owner, newEmail: string, by: By): OutgoingMail {
  return notice(owner, 'The email of your account was changed', 'email_changed', [
    `${by ?? 'You'} changed the email address you sign in to the Student Records System with,`,
    `from ${owner.email} to ${newEmail}. Mail for your account now goes to the new address, and`,
    'every device where you were signed in has been signed out.',
  ]);
}

export function passwordChangedNotice(owner: Owner, how: 'changed' | 'set'): OutgoingMail {
  return notice(owner, `The password of your account was ${how}`, 'password_changed', [
    how === 'changed'
      ? 'The password of your Student Records System account was just changed.'
      : 'A password was just set for your Student Records System account with the link we sent you.',
    'Every device where you were signed in with the old one has been signed out.',
  ]);
}

export function passwordResetNotice(owner: Owner, by: string, sentTo: string): OutgoingMail {
  return notice(owner, 'A link to set a new password was sent', 'password_reset', [
    `${by} sent a link to set a new password for your Student Records System account to ${sentTo}.`,
    'Your password stays as it is until the link is used.',
  ]);
}

export function secondFactorOnNotice(owner: Owner): OutgoingMail {
  return notice(owner, 'Your second factor was turned on', 'mfa_enabled', [
    'The second factor of your Student Records System account was turned on: signing in now also',
    'asks for a code from your authenticator app. Every other device where you were signed in has been signed out.',
  ]);
}

export function secondFactorOffNotice(owner: Owner, by: By): OutgoingMail {
  return notice(owner, 'Your second factor was turned off', 'mfa_cleared', [
    `${by ?? 'You'} turned off the second factor of your Student Records System account.`,
    'You now sign in with your email address and password alone. To use an authenticator app',
    'again, turn the second factor on from My Account. Every device where you were signed in has been signed out.',
  ]);
}

export function guessingNotice(owner: Owner, what: 'password' | 'code', failures: number): OutgoingMail {
  const body =
    what === 'password'
      ? [
          `Someone typed a wrong password for your Student Records System account ${failures} times in a row.`,
          'Signing in with your email is paused for a while after each further wrong password.',
          'If it was you, wait a few minutes and try again. If it was not, your account is safe as long as',
          'your password is not one you use elsewhere; to be sure, change it from My Account.',
        ]
      : [
          `Someone typed your password correctly, then ${failures} wrong codes of your second factor.`,
          'That means someone else may know your password. Change it now from My Account.',
          'Signing in is paused for a while after each further wrong code.',
        ];
  return notice(owner, 'Someone is trying to sign in to your account', 'sign_in_guessing', body);
}
