import {
  accountMessages,
  type AccountDetail,
  type AccountUpdateInput,
  noticeKinds,
  receivesNotice,
} from '@srs/shared/account';
import { and, eq } from 'drizzle-orm';
import { emailChangedNotice } from '../../auth/account-notices.ts';
import { endSessions } from '../../auth/account-sessions.ts';
import { checkPassword } from '../../auth/password-check.ts';
import { lockRefusal } from '../../auth/sign-in-failures.ts';
import type { Actor } from '../../core/actor.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { type Outcome, refusal, success } from '../../core/outcome.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uploads, userSettings, users } from '../../db/schema/index.ts';
import { queueMail } from '../mail/public.ts';
import { updateUserRow, userTransaction } from '../users/public.ts';
import { type PictureKind, redrawPicture } from './pictures.ts';

/** Where the web app reads an upload (GET /api/uploads/{id}, for its owner only). */
export const uploadUrl = (id: number) => `/api/uploads/${id}`;

/** The files of a multipart PATCH /users/update_current, as read from the body. */
export type AccountFiles = Partial<Record<PictureKind, Buffer>>;

/** GET /users/current: the signed-in user's own account. */
export async function accountDetail(db: DbOrTx, userId: number): Promise<AccountDetail> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      pictureId: users.profilePictureUploadId,
      passwordHash: users.passwordHash,
      mfaEnabledAt: users.mfaEnabledAt,
      language: users.language,
      background: userSettings.backgroundImageUrl,
      preferences: userSettings.emailPreferences,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  const preferences = row.preferences ?? {};
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    profile_picture_url: row.pictureId ? uploadUrl(row.pictureId) : null,
    background_image_url: row.background,
    email_preferences: Object.fromEntries(noticeKinds.map((kind) => [kind, receivesNotice(preferences, kind)])),
    password_sign_in: row.passwordHash !== null,
    mfa_enabled: row.mfaEnabledAt !== null,
    language: row.language ?? null,
  };
}

/** Deletes an upload of its owner's (a picture replaced or removed). */
const deleteUpload = (tx: DbOrTx, userId: number, id: number) =>
  tx.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.userId, userId)));

/** Keeps a redrawn picture as an upload of its owner's; the one it replaces is deleted. */
async function replaceUpload(tx: DbOrTx, userId: number, kind: PictureKind, picture: { data: Buffer; contentType: string }, previous: number | null) {
  const [row] = await tx
    .insert(uploads)
    .values({ userId, kind, contentType: picture.contentType, byteSize: picture.data.length, data: picture.data })
    .returning({ id: uploads.id });
  if (previous !== null) await deleteUpload(tx, userId, previous);
  return row!.id;
}

/** What an update answers: the account, and the session generation a new email set (every session ended), or null. */
export type AccountUpdate = { account: AccountDetail; generation: number | null };

/**
 * A new email for one's own account is the key to it (the welcome link, the organisation's
 * sign-in matched by email): the password is asked again first (ASVS 5.0 V7.5.1), counted like a
 * sign-in's. Someone who signs in through their organisation has no password here: their email is
 * changed by an admin who governs their account. Answers mail to send for a refusal.
 */
async function checkEmailChange(db: Db, userId: number, input: AccountUpdateInput): Promise<Outcome<string | null>> {
  const [user] = await db.select({ email: users.email, hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  // Any other text is a new email (the Kelvin sign lower-cases to 'k'): mail goes to it as written.
  if (input.email === undefined || input.email === user.email) return success(null);
  if (user.hash === null) return refusal(invalid({ email: [accountMessages.emailManagedElsewhere] }));
  if (!input.current_password) return refusal(invalid({ current_password: [accountMessages.passwordNeeded] }));
  const checked = await checkPassword(db, user.email, input.current_password);
  if (checked.outcome === 'locked') return refusal(lockRefusal('passwords', checked.lock));
  if (checked.outcome === 'wrong') return refusal(invalid({ current_password: [accountMessages.passwordWrong] }), checked.outboxIds);
  return success(user.email);
}

/**
 * PATCH /users/update_current: the user's name, email, phone and language (audited as any change of a user),
 * the profile picture, the background (a choice or an upload) and the notices they receive, in one
 * transaction. Pictures are checked and redrawn before anything is written. A new email ends every
 * session (the route renews this one) and the owner is told at the address they had.
 */
export async function updateAccount(db: Db, actor: Actor, input: AccountUpdateInput, files: AccountFiles): Promise<Outcome<AccountUpdate>> {
  const emailChange = await checkEmailChange(db, actor.userId, input);
  if (emailChange.refused) return emailChange;
  const was = emailChange.value;
  const picture = files.profile_picture ? await redrawPicture('profile_picture', files.profile_picture) : null;
  const background = files.background_image ? await redrawPicture('background_image', files.background_image) : null;
  const userId = actor.userId;
  return userTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ pictureId: users.profilePictureUploadId, language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('User');
    const values: Partial<typeof users.$inferInsert> = {};
    if (input.first_name !== undefined) values.firstName = input.first_name;
    if (input.last_name !== undefined) values.lastName = input.last_name;
    if (input.email !== undefined) values.email = input.email;
    if (input.phone !== undefined) values.phone = input.phone;
    // My Account → Language (issue 29): audited like the name; the session cache forgets the user with it.
    if (input.language !== undefined) values.language = input.language;
    if (picture) values.profilePictureUploadId = await replaceUpload(tx, userId, 'profile_picture', picture, user.pictureId);
    else if (input.remove_profile_picture && user.pictureId !== null) {
      values.profilePictureUploadId = null;
      await deleteUpload(tx, userId, user.pictureId);
    }
    if (Object.keys(values).length > 0) await updateUserRow(tx, actor, userId, values);

    if (background || input.background_image_url !== undefined || input.email_preferences !== undefined) {
      const [settings] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId)).for('update');
      const change: Partial<typeof userSettings.$inferInsert> = { updatedAt: new Date() };
      const previousUpload = settings?.backgroundUploadId ?? null;
      if (background) {
        const id = await replaceUpload(tx, userId, 'background_image', background, previousUpload);
        Object.assign(change, { backgroundUploadId: id, backgroundImageUrl: uploadUrl(id) });
      } else if (input.background_image_url !== undefined) {
        Object.assign(change, { backgroundUploadId: null, backgroundImageUrl: input.background_image_url });
        if (previousUpload !== null) await deleteUpload(tx, userId, previousUpload);
      }
      if (input.email_preferences !== undefined) {
        const sent = Object.entries(input.email_preferences).filter(
          (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
        );
        change.emailPreferences = { ...(settings?.emailPreferences ?? {}), ...Object.fromEntries(sent) };
      }
      await tx
        .insert(userSettings)
        .values({ userId, ...change })
        .onConflictDoUpdate({ target: userSettings.userId, set: change });
    }
    if (was === null) return success({ account: await accountDetail(tx, userId), generation: null });
    const generation = await endSessions(tx, userId, { voidPasswordLinks: true });
    const account = await accountDetail(tx, userId);
    // In the language the owner had before this request: one who took the account over and changes
    // the email does not choose the words of the warning the old address gets.
    const notice = emailChangedNotice({ email: was, firstName: account.first_name, language: user.language }, account.email, null);
    return success({ account, generation }, [await queueMail(tx, notice)]);
  });
}

/** GET /api/uploads/{id}: an upload of the signed-in user's, or null (a 404: someone else's is not found). */
export async function ownUpload(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
  return row ?? null;
}
