import { type Language, mailText as t, type OutgoingMail, recipientLanguage } from '../mail/public.ts';

type Requester = { first_name: string; last_name: string; email: string; message: string | null };
type School = { school_code: string; church_name: string };
/** A user the mail goes to, in the language they chose (else English). */
type Recipient = { email: string; first_name: string; language: string | null };

const schoolName = (school: School) => `(#${school.school_code}) ${school.church_name}`;

/** To the school's head school admin and conference admins: someone asks for an account. */
export function requestNotice(recipient: Recipient, request: Requester, school: School, baseUrl: string): OutgoingMail {
  const language = recipientLanguage(recipient.language);
  const name = `${request.first_name} ${request.last_name}`;
  const lines = [
    t(language, 'hello', { name: recipient.first_name }),
    '',
    t(language, 'signup.asks', { name, email: request.email, school: schoolName(school) }),
    ...(request.message ? ['', t(language, 'signup.message'), request.message] : []),
    '',
    t(language, 'signup.decide', { link: `${baseUrl}/instructors` }),
  ];
  return { to: recipient.email, subject: t(language, 'signup.subject', { name }), text: lines.join('\n'), kind: 'signup_request' };
}

/** To an address that already has an account: no new account, a way back in. */
export function alreadyHasAccount(known: { email: string; language: string | null }, baseUrl: string): OutgoingMail {
  const language = recipientLanguage(known.language);
  const lines = [
    t(language, 'helloAnonymous'),
    '',
    t(language, 'known.asked'),
    t(language, 'known.signIn', { link: `${baseUrl}/login` }),
    '',
    t(language, 'known.ignore'),
  ];
  return { to: known.email, subject: t(language, 'known.subject'), text: lines.join('\n'), kind: 'signup_known' };
}

/**
 * To the requester when their request is declined. A requester has no language of their own: the
 * mail is in the language of the admin who declined it.
 */
export function requestDeclined(request: Requester, school: School, language: Language): OutgoingMail {
  const lines = [
    t(language, 'hello', { name: request.first_name }),
    '',
    t(language, 'declined.body', { school: schoolName(school) }),
    t(language, 'declined.contact'),
  ];
  return { to: request.email, subject: t(language, 'declined.subject'), text: lines.join('\n'), kind: 'signup_declined' };
}
