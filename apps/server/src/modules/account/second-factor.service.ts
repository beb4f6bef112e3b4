import { accountMessages, type MfaSetup, mfaMessages } from '@srs/shared/account';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { secondFactorOffNotice, secondFactorOnNotice } from '../../auth/account-notices.ts';
import { endSessions } from '../../auth/account-sessions.ts';
import { checkPassword } from '../../auth/password-check.ts';
import { checkSecondFactor } from '../../auth/second-factor.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import { lockRefusal } from '../../auth/sign-in-failures.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryHash } from '../../auth/totp.ts';
import type { Actor } from '../../core/actor.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { type Outcome, refusal, success } from '../../core/outcome.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queueMail } from '../mail/public.ts';
import { secondFactorOff, updateUserRow } from '../users/public.ts';

const wrongCode = () => invalid({ code: [mfaMessages.wrongCode] });

async function builtInUser(db: Db, userId: number) {
  const [user] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      passwordHash: users.passwordHash,
      on: users.mfaEnabledAt,
      pending: users.mfaPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User');
  // Someone who signs in elsewhere (an organisation's provider) gets its second factor there.
  if (user.passwordHash === null) throw invalid([mfaMessages.notBuiltIn]);
  return user;
}

/** POST /users/current/mfa: a new secret to scan (kept sealed); the second factor is on only once a code confirms it. */
export async function startSecondFactor(db: Db, box: SecretBox, userId: number): Promise<MfaSetup> {
  const user = await builtInUser(db, userId);
  if (user.on) throw invalid([mfaMessages.alreadyOn]);
  const secret = newTotpSecret();
  await db.update(users).set({ mfaPendingSecret: box.seal(secret) }).where(eq(users.id, userId));
  const url = otpauthUrl(secret, user.email);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * POST /users/current/mfa/confirm: the password asked again (a session left open cannot put its
 * own app on someone's account) and a code from the app proving the secret was scanned. The
 * second factor is on from now (a User version says so, never the secret), every other session
 * ends, the owner is told, and ten recovery codes are answered, this once.
 */
export async function confirmSecondFactor(
  db: Db,
  box: SecretBox,
  actor: Actor,
  input: { code: string; current_password: string },
  at = new Date(),
): Promise<Outcome<{ codes: string[]; generation: number }>> {
  const user = await builtInUser(db, actor.userId);
  if (user.on) throw invalid([mfaMessages.alreadyOn]);
  const checked = await checkPassword(db, user.email, input.current_password);
  if (checked.outcome === 'locked') return refusal(lockRefusal('passwords', checked.lock));
  if (checked.outcome === 'wrong') return refusal(invalid({ current_password: [accountMessages.passwordWrong] }), checked.outboxIds);
  const pending = user.pending === null ? null : box.open(user.pending);
  if (pending === null) throw invalid([mfaMessages.notStarted]);
  const step = matchTotp(pending, input.code, at, null);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  return db.transaction(async (tx) => {
    await updateUserRow(tx, actor, actor.userId, {
      mfaSecret: user.pending,
      mfaPendingSecret: null,
      mfaEnabledAt: at,
      mfaLastStep: step,
      mfaRecoveryHashes: codes.map(recoveryHash),
    });
    const generation = await endSessions(tx, actor.userId, { voidPasswordLinks: false });
    return success({ codes, generation }, [await queueMail(tx, secondFactorOnNotice(user))]);
  });
}

/** DELETE /users/current/mfa: off again, with a code from the app or a recovery code (counted like a sign-in's). */
export async function turnOffSecondFactor(db: Db, box: SecretBox, actor: Actor, code: string): Promise<Outcome<number>> {
  const checked = await checkSecondFactor(db, box, actor.userId, code);
  if (checked.outcome === 'locked') return refusal(lockRefusal('codes', checked.lock));
  if (checked.outcome === 'wrong') return refusal(wrongCode(), checked.outboxIds);
  if (checked.outcome === 'unavailable') return refusal(invalid({ code: [mfaMessages.codesUnavailable] }));
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, actor.userId));
    await updateUserRow(tx, actor, actor.userId, secondFactorOff);
    const generation = await endSessions(tx, actor.userId, { voidPasswordLinks: false });
    return success(generation, owner ? [await queueMail(tx, secondFactorOffNotice(owner, null))] : []);
  });
}
