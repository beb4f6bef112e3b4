import { limits } from '@srs/shared/common';
import { groupedNumber } from '@srs/shared/numbers';
import { dictionary } from '@zxcvbn-ts/language-common';
import { type IdpKey, idpText, type Language } from './idp-words.ts';

/**
 * What a new password must be (NIST SP 800-63B 5.1.1.2; docs/decisions/019): 12 characters one
 * can see, at least four of them different besides spaces, not the account's email, and not a password that lists
 * of breached passwords hold (zxcvbn-ts's list of about 49,000, whole or with digits and signs
 * added around it, as people do: 'password2024!'). One rule for every place a password is set:
 * the welcome link, /idp/password and PATCH /change_password.
 */
export const passwordMinLength = 12;
export const passwordMaxLength = 200;
const minDifferentCharacters = 4;
const invisibleKinds = /[\p{Cf}\p{Cc}\p{Mn}\p{Me}]/u;
/** Letters and symbols that draw nothing: Hangul fillers, the Braille blank, Khmer inherent vowels, the Mongolian vowel separator. */
const blanks = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800, 0x17b4, 0x17b5, 0x180e]);
const invisible = { test: (char: string) => invisibleKinds.test(char) || blanks.has(char.codePointAt(0)!) };

const common = new Set(dictionary['passwords-common']);

/** 'Password2024!' → 'password': the word people dress up with digits and signs. */
const core = (password: string) => password.toLowerCase().replace(/^[\d\W_]+|[\d\W_]+$/g, '');

/** What is wrong with a new password, as a 'Field name message' piece (SPEC section 8's 422 shape). */
export const passwordMessages = {
  tooShort: limits.tooShort(passwordMinLength),
  tooLong: limits.tooLong(passwordMaxLength),
  oneCharacter: 'needs more different characters: not one or a few repeated, nor only spaces',
  isEmail: 'cannot be your email address',
  common: 'is too common: it is in lists of passwords stolen from other sites. Choose another',
} as const;

type PasswordProblem = keyof typeof passwordMessages;

/** Which rule a new password breaks first, or null. */
function passwordProblemKind(password: string, email: string | null): PasswordProblem | null {
  // Counted as the eye sees it, character by character as typed (a ligature such as U+FDFA is one):
  // invisible ones (zero-width, controls, combining marks, Hangul and Braille blanks) add nothing.
  const seen = [...password].filter((char) => !invisible.test(char));
  if (seen.length < passwordMinLength) return 'tooShort';
  if (password.length > passwordMaxLength) return 'tooLong';
  // 'abababababab' or eleven spaces and a dot: fewer than four different characters besides spaces.
  if (new Set(seen.filter((char) => !/\s/u.test(char))).size < minDifferentCharacters) return 'oneCharacter';
  const lower = password.toLowerCase();
  if (email && (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0])) return 'isEmail';
  const word = core(password);
  if (common.has(lower) || (word.length > 0 && common.has(word))) return 'common';
  return null;
}

/** The first problem of a new password, as a piece ('is too short (at least 12 characters)'), or null. */
export function passwordProblem(password: string, email: string | null): string | null {
  const kind = passwordProblemKind(password, email);
  return kind ? passwordMessages[kind] : null;
}

/** Each problem as the HTML forms say it, a sentence of locales/idp.*.json ('The new password is too short …'). */
const problemSentences: Record<PasswordProblem, IdpKey> = {
  tooShort: 'newPasswordTooShort',
  tooLong: 'newPasswordTooLong',
  oneCharacter: 'newPasswordOneCharacter',
  isEmail: 'newPasswordIsEmail',
  common: 'newPasswordCommon',
};

/** The same for the HTML forms, as a sentence in the page's language, with the confirmation typed twice. */
export function newPasswordProblem(
  password: string,
  confirmation: string | undefined,
  email: string | null,
  language: Language = 'en',
): string | null {
  const kind = passwordProblemKind(password, email);
  if (kind) return idpText(language, problemSentences[kind], { min: groupedNumber(passwordMinLength), max: groupedNumber(passwordMaxLength) });
  return password === confirmation ? null : idpText(language, 'newPasswordsDiffer');
}
