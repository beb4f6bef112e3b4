import type { WelcomeLink } from '../../auth/welcome-link.ts';
import type { OutgoingMail } from '../mail/public.ts';

type Person = { first_name: string; last_name: string };

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The welcome email (DOMAIN.md, Email): who gave the account, the sign-in email and the link. For
 * an account that has a password (`reset`) the same link sets a new one, and the mail says so.
 */
export function welcomeEmail(to: string, user: Person, sender: Person, link: WelcomeLink, reset = false): OutgoingMail {
  if (reset && link.expiresAt) {
    const lines = [
      `Hello ${user.first_name},`,
      '',
      `${sender.first_name} ${sender.last_name} sent you a link to set a new password for your Student Records System account.`,
      `It works once and expires on ${longDate(link.expiresAt)}. Your password stays as it is until the link is used:`,
      link.url,
      '',
      'If you did not ask for a new password, tell your coordinator at once.',
    ];
    return { to, subject: 'A link to set a new password', text: lines.join('\n'), kind: 'password_reset' };
  }
  const steps = link.expiresAt
    ? [
        'Set your password with this link (it works once and expires on ' + `${longDate(link.expiresAt)}):`,
        link.url,
        '',
        `Then sign in with your email address (${to}) and that password.`,
      ]
    : [`Sign in with your email address (${to}) here:`, link.url];
  const lines = [
    `Hello ${user.first_name},`,
    '',
    `${sender.first_name} ${sender.last_name} has given you an account in the Student Records System.`,
    '',
    ...steps,
    '',
    'If the link no longer works, ask your coordinator to send you a new welcome email.',
  ];
  return { to, subject: 'Welcome to the Student Records System', text: lines.join('\n'), kind: 'welcome' };
}
