import { type MfaSetup, mfaMessages } from '@srs/shared/account';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { useSecondFactorCode } from '../../auth/second-factor.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryHash } from '../../auth/totp.ts';
import type { Actor } from '../../core/actor.ts';
import { invalid, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { secondFactorOff, updateUserRow } from '../users/public.ts';

const issuer = 'Student Records System';
const wrongCode = () => invalid({ code: [mfaMessages.wrongCode] });

async function builtInUser(db: Db, userId: number) {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash, on: users.mfaEnabledAt, pending: users.mfaPendingSecret })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User');
  // Someone who signs in elsewhere (an organisation's provider) gets its second factor there.
  if (user.passwordHash === null) throw invalid([mfaMessages.notBuiltIn]);
  return user;
}

/** POST /users/current/mfa: a new secret to scan; the second factor is on only once a code confirms it. */
export async function startSecondFactor(db: Db, userId: number): Promise<MfaSetup> {
  const user = await builtInUser(db, userId);
  if (user.on) throw invalid([mfaMessages.alreadyOn]);
  const secret = newTotpSecret();
  await db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, userId));
  const url = otpauthUrl(secret, user.email, issuer);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: svg };
}

/**
 * POST /users/current/mfa/confirm: a code from the app proves the secret was scanned; the second
 * factor is on from now (a User version says so, never the secret) and ten recovery codes are
 * answered, this once.
 */
export async function confirmSecondFactor(db: Db, actor: Actor, code: string, at = new Date()): Promise<string[]> {
  const user = await builtInUser(db, actor.userId);
  if (user.on) throw invalid([mfaMessages.alreadyOn]);
  if (!user.pending) throw invalid([mfaMessages.notStarted]);
  const step = matchTotp(user.pending, code, at, null);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  await db.transaction((tx) =>
    updateUserRow(tx, actor, actor.userId, {
      mfaSecret: user.pending,
      mfaPendingSecret: null,
      mfaEnabledAt: at,
      mfaLastStep: step,
      mfaRecoveryHashes: codes.map(recoveryHash),
    }),
  );
  return codes;
}

/** DELETE /users/current/mfa: off again, with a code from the app or a recovery code. */
export async function turnOffSecondFactor(db: Db, actor: Actor, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await useSecondFactorCode(tx, actor.userId, code))) throw wrongCode();
    await updateUserRow(tx, actor, actor.userId, secondFactorOff);
  });
}
