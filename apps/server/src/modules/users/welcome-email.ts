import type { WelcomeLink } from '../../auth/welcome-link.ts';
import { longDate, mailText as t, type OutgoingMail, recipientLanguage } from '../mail/public.ts';

type Person = { first_name: string; last_name: string };

/**
 * The welcome email (DOMAIN.md, Email): who gave the account, the sign-in email and the link. For
 * an account that has a password (`reset`) the same link sets a new one, and the mail says so. In
 * the language the user chose (issue 29), else English.
 */
export function welcomeEmail(
  to: string,
  user: Person & { language: string | null },
  sender: Person,
  link: WelcomeLink,
  reset = false,
): OutgoingMail {
  const language = recipientLanguage(user.language);
  const from = `${sender.first_name} ${sender.last_name}`;
  const hello = t(language, 'hello', { name: user.first_name });
  if (reset && link.expiresAt) {
    const lines = [
      hello,
      '',
      t(language, 'reset.sent', { sender: from }),
      t(language, 'reset.expires', { date: longDate(link.expiresAt, language) }),
      link.url,
      '',
      t(language, 'reset.notYou'),
    ];
    return { to, subject: t(language, 'reset.subject'), text: lines.join('\n'), kind: 'password_reset' };
  }
  const steps = link.expiresAt
    ? [
        t(language, 'welcome.setPassword', { date: longDate(link.expiresAt, language) }),
        link.url,
        '',
        t(language, 'welcome.thenSignIn', { email: to }),
      ]
    : [t(language, 'welcome.signInHere', { email: to }), link.url];
  const lines = [hello, '', t(language, 'welcome.given', { sender: from }), '', ...steps, '', t(language, 'welcome.noLongerWorks')];
  return { to, subject: t(language, 'welcome.subject'), text: lines.join('\n'), kind: 'welcome' };
}
