import { z } from 'zod';
import { languages } from './i18n.ts';
import { flag, optionalText, requiredText } from './common.ts';
import { groupedNumber } from './numbers.ts';
import { requiredEmail } from './users.ts';

/**
 * The notices a user may choose not to receive (/account/settings). Mail about the account itself
 * (the welcome, a request for an account, the second factor cleared) always comes.
 */
export const optionalNotices = [
  { kind: 'new_student', label: 'A student is added to my students' },
  { kind: 'enrollment_notice', label: 'One of my students is enrolled in a course or seminar' },
  // Only with interest tracking on (the settings page leaves it out otherwise).
  { kind: 'interest_assigned', label: 'A person who asked for Bible studies is assigned to my school', flag: 'interest_tracking' },
  // Not a notice of one event: one mail a morning, listing (docs/decisions/021).
  {
    kind: 'reminder_mail',
    label: 'Morning mail of reminders and follow-up',
    daily: true,
    description: 'Each morning I have reminders due or students needing follow-up, one mail listing them.',
  },
] as const;
export type NoticeKind = (typeof optionalNotices)[number]['kind'];
export const noticeKinds = optionalNotices.map((notice) => notice.kind);

/** What a user receives when they have not said: every notice. */
export const receivesNotice = (preferences: Partial<Record<string, boolean>>, kind: string): boolean =>
  preferences[kind] !== false;

/** The backgrounds to choose from (SPEC section 2, Page shell: the user's, with a default). The first is the default. */
export const backgroundChoices = [
  { url: '/backgrounds/default.svg', label: 'Hills' },
  { url: '/backgrounds/dawn.svg', label: 'Dawn' },
  { url: '/backgrounds/meadow.svg', label: 'Meadow' },
  { url: '/backgrounds/plain.svg', label: 'Plain' },
] as const;
const backgroundUrls = backgroundChoices.map((choice) => choice.url) as [string, ...string[]];

/** The largest picture a user may upload, and what is said of a file that is refused. */
export const maxUploadBytes = 5 * 1024 * 1024;
export const uploadMessages = {
  tooLarge: 'is too large (at most 5 MB)',
  notPicture: 'is not a picture: choose a JPEG, PNG, WebP or GIF file',
  /** More pixels than the picture's use needs (the caps: the server's modules/account/pictures.ts). */
  tooManyPixels: (width: number, height: number) =>
    `is too large (at most ${groupedNumber(width)} × ${groupedNumber(height)} pixels): choose a smaller picture`,
  /** A multipart body whose file went over the limit: which field it was is not known then. */
  fileTooLarge: 'The file is too large (at most 5 MB).',
  /** 429: more pictures in an hour than one person choosing a picture sends. */
  tooManyUploads: (max: number, minutes: number) =>
    `Too many pictures were uploaded in the last hour (at most ${max}). Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

/** GET /users/current and the answer of PATCH /users/update_current: the signed-in user's own account. */
export const AccountDetail = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  /** The background the user chose or uploaded; null: the default. */
  background_image_url: z.string().nullable(),
  email_preferences: z.object(Object.fromEntries(noticeKinds.map((kind) => [kind, z.boolean()]))),
  /** Signs in with a password at the built-in provider (Change Password goes there). */
  password_sign_in: z.boolean(),
  /** Sign-in at the built-in provider asks for a code from an authenticator app too. */
  mfa_enabled: z.boolean(),
  /** The language chosen in My Account (issue 29); null: none, the browser's. */
  language: z.enum(languages).nullable(),
});
export type AccountDetail = z.infer<typeof AccountDetail>;

/**
 * PATCH /users/update_current, JSON or multipart (SPEC section 7): fields not sent are kept. A
 * picture or an uploaded background comes as a file of a multipart body (the server reads the
 * files); `background_image_url` picks one of the choices, null the default.
 */
export const AccountUpdateInput = z.object({
  first_name: requiredText(100).optional(),
  last_name: requiredText(100).optional(),
  email: requiredEmail.optional(),
  phone: optionalText(40).optional(),
  background_image_url: z.enum(backgroundUrls).nullable().optional(),
  email_preferences: z.object(Object.fromEntries(noticeKinds.map((kind) => [kind, flag.optional()]))).optional(),
  remove_profile_picture: flag.optional(),
  /** My Account → Language: 'en', 'es', or null to follow the browser's. */
  language: z.enum(languages).nullable().optional(),
  /** Asked again before the email one signs in with changes (ASVS 5.0 V7.5.1). */
  current_password: z.string().max(200).optional(),
});
export type AccountUpdateInput = z.infer<typeof AccountUpdateInput>;
export type AccountUpdateFields = z.input<typeof AccountUpdateInput>;

/** The body of PATCH /users/update_current as the server reads it: the fields, and a file of a multipart body. */
export const AccountUpdateBody = AccountUpdateInput.extend({
  profile_picture: z.any().optional().describe('An image file (multipart)'),
  background_image: z.any().optional().describe('An image file (multipart)'),
});

/** POST /users/current/mfa: a new secret to scan, before it is confirmed with a code. */
export const MfaSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url, as an SVG image. */
  qr_svg: z.string(),
});
export type MfaSetup = z.infer<typeof MfaSetup>;
/** A code from the authenticator app (6 digits) or, to sign in or turn off, a recovery code. */
export const MfaCodeInput = z.object({ code: requiredText(20) });
export type MfaCodeInput = z.infer<typeof MfaCodeInput>;
/** Turning the second factor on: the first code from the app, and the password asked again (ASVS 5.0 V7.5.1). */
export const MfaConfirmInput = MfaCodeInput.extend({ current_password: requiredText(200) });
export type MfaConfirmInput = z.infer<typeof MfaConfirmInput>;
/** The recovery codes, shown once when the second factor is turned on. */
export const MfaRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof MfaRecoveryCodes>;
export const mfaMessages = {
  wrongCode: 'is not correct',
  notBuiltIn: 'You sign in through your organisation: its sign-in page offers a second factor.',
  alreadyOn: 'The second factor is already on.',
  notStarted: 'Start again: scan a new code.',
  /** A code from the app when this server cannot open the secret (its key changed): a recovery code still serves. */
  codesUnavailable: 'from the app cannot be checked at the moment: use one of your recovery codes',
} as const;
/** What changing one's own email asks (PATCH /users/update_current), as 'Field name message' pieces. */
export const accountMessages = {
  passwordNeeded: 'is needed to change the email you sign in with',
  passwordWrong: 'is not correct',
  emailManagedElsewhere: "is the one your organisation's sign-in knows you by. Ask your coordinator to change it.",
} as const;
