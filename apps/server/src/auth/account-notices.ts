import { type Language, mailText as t, type OutgoingMail, recipientLanguage } from '../modules/mail/public.ts';

/**
 * What the owner of an account is told when its email, password or second factor changes, or when
 * someone keeps guessing (docs/security.md lists when each is sent). Always to the address the
 * account had before the change; never something a person can turn off in their settings. In the
 * language the owner chose (users.language, issue 29), else English.
 */
type Owner = { email: string; firstName: string; language: string | null };
/** Who made the change: null when the owner did it themselves. */
type By = string | null;

/** The notice in the owner's language: `words` gives its subject and the lines of its body. */
function notice(owner: Owner, kind: string, words: (language: Language) => [subject: string, body: string[]]): OutgoingMail {
  const language = recipientLanguage(owner.language);
  const [subject, body] = words(language);
  const text = [t(language, 'hello', { name: owner.firstName }), '', ...body, '', t(language, 'notice.notYou')].join('\n');
  return { to: owner.email, subject, text, kind };
}

/** The one who made a change, for a select between 'You' and their name. */
const who = (by: By) => ({ who: by === null ? 'self' : 'other', by: by ?? '' });

export function emailChangedNotice(owner: Owner, newEmail: string, by: By): OutgoingMail {
  return notice(owner, 'email_changed', (language) => [
    t(language, 'emailChanged.subject'),
    [
      t(language, 'emailChanged.body1', who(by)),
      t(language, 'emailChanged.body2', { from: owner.email, to: newEmail }),
      t(language, 'emailChanged.body3'),
    ],
  ]);
}

export function passwordChangedNotice(owner: Owner, how: 'changed' | 'set'): OutgoingMail {
  return notice(owner, 'password_changed', (language) => [
    t(language, 'passwordChanged.subject', { how }),
    [t(language, how === 'changed' ? 'passwordChanged.changed' : 'passwordChanged.set'), t(language, 'passwordChanged.signedOut')],
  ]);
}

export function passwordResetNotice(owner: Owner, by: string, sentTo: string): OutgoingMail {
  return notice(owner, 'password_reset', (language) => [
    t(language, 'passwordReset.subject'),
    [t(language, 'passwordReset.body1', { by, to: sentTo }), t(language, 'passwordReset.body2')],
  ]);
}

export function secondFactorOnNotice(owner: Owner): OutgoingMail {
  return notice(owner, 'mfa_enabled', (language) => [t(language, 'mfaOn.subject'), [t(language, 'mfaOn.body1'), t(language, 'mfaOn.body2')]]);
}

export function secondFactorOffNotice(owner: Owner, by: By): OutgoingMail {
  return notice(owner, 'mfa_cleared', (language) => [
    t(language, 'mfaOff.subject'),
    [t(language, 'mfaOff.body1', who(by)), t(language, 'mfaOff.body2'), t(language, 'mfaOff.body3')],
  ]);
}

export function guessingNotice(owner: Owner, what: 'password' | 'code', failures: number): OutgoingMail {
  const body = (language: Language): string[] =>
    what === 'password'
      ? [
          t(language, 'guessing.password1', { failures }),
          t(language, 'guessing.password2'),
          t(language, 'guessing.password3'),
          t(language, 'guessing.password4'),
        ]
      : [t(language, 'guessing.code1', { failures }), t(language, 'guessing.code2'), t(language, 'guessing.code3')];
  return notice(owner, 'sign_in_guessing', (language) => [t(language, 'guessing.subject'), body(language)]);
}
