import type { OutgoingMail } from '../mail/public.ts';

type Requester = { first_name: string; last_name: string; email: string; message: string | null };
type School = { school_code: string; church_name: string };

const schoolName = (school: School) => `(#${school.school_code}) ${school.church_name}`;

/** To the school's head school admin and conference admins: someone asks for an account. */
export function requestNotice(to: string, firstName: string, request: Requester, school: School, baseUrl: string): OutgoingMail {
  const name = `${request.first_name} ${request.last_name}`;
  const lines = [
    `Hello ${firstName},`,
    '',
    `${name} (${request.email}) asks for an account at ${schoolName(school)}.`,
    ...(request.message ? ['', 'Their message:', request.message] : []),
    '',
    `Approve or decline the request under 'Requests for an account': ${baseUrl}/instructors`,
  ];
  return { to, subject: `Request for an account: ${name}`, text: lines.join('\n'), kind: 'signup_request' };
}

/** To an address that already has an account: no new account, a way back in. */
export function alreadyHasAccount(to: string, baseUrl: string): OutgoingMail {
  const lines = [
    'Hello,',
    '',
    'Someone asked for an account in the Student Records System with this email address, which already has one.',
    `Sign in here: ${baseUrl}/login`,
    '',
    'If you did not ask, you can ignore this message.',
  ];
  return { to, subject: 'You already have an account', text: lines.join('\n'), kind: 'signup_known' };
}

/** To the requester when their request is declined. */
export function requestDeclined(request: Requester, school: School): OutgoingMail {
  const lines = [
    `Hello ${request.first_name},`,
    '',
    `Your request for an account at ${schoolName(school)} in the Student Records System was declined.`,
    'If you think this is a mistake, please contact the school.',
  ];
  return { to: request.email, subject: 'Your request for an account', text: lines.join('\n'), kind: 'signup_declined' };
}
