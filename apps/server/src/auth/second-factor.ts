import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { asBookkeeping } from '../db/write-marks.ts';
import { users } from '../db/schema/index.ts';
import { queueMail } from '../modules/mail/public.ts';
import { guessingNotice } from './account-notices.ts';
import { idpEnglish } from './idp-words.ts';
import type { SecretBox } from './secret-box.ts';
import { clearFailures, codeFailures, type Lock, startAttempt } from './sign-in-failures.ts';
import { matchRecoveryCode, matchTotp } from './totp.ts';

/**
 * A code checked: right (and used up), wrong (the owner told once the wrong ones pile up),
 * refused while locked, or `unavailable`: a code from the app when the secret opens with no key
 * this server has (TOTP_ENCRYPTION_KEY changed): not counted, since no code could be right, and
 * the person is told to use a recovery code.
 */
export type CodeCheck =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; outboxIds: number[] }
  | { outcome: 'locked'; lock: Lock }
  | { outcome: 'unavailable' };

/** What the provider's pages say of a code that cannot be checked (in English; locales/idp.*.json codesUnavailable). */
export const codesUnavailable = idpEnglish.codesUnavailable;

const looksLikeAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * Checks a code against a user's second factor and uses it up: a code from the app moves the
 * last step on (the same code cannot sign in twice), a recovery code is removed. Codes are
 * counted per user before they are checked (`codeFailures`, sign-in-failures.ts) and lock the
 * second factor for a while; the count lives outside any caller's transaction, so that a refusal
 * that rolls back still counts.
 */
export async function checkSecondFactor(db: Db, box: SecretBox, userId: number, code: string, at = new Date()): Promise<CodeCheck> {
  const [kept] = await db.select({ secret: users.mfaSecret }).from(users).where(eq(users.id, userId));
  if (kept?.secret && looksLikeAppCode(code) && box.open(kept.secret) === null) return { outcome: 'unavailable' };
  const attempt = await startAttempt(db, codeFailures, userId);
  if (attempt.locked) return { outcome: 'locked', lock: attempt.locked };
  // The code's check is not the caller's write: a keyed request refused for a wrong code keeps no key.
  const used = await asBookkeeping(() => db.transaction(async (tx) => {
    const [user] = await tx
      .select({ secret: users.mfaSecret, lastStep: users.mfaLastStep, recovery: users.mfaRecoveryHashes })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user?.secret) return false;
    const secret = box.open(user.secret);
    const step = secret === null ? null : matchTotp(secret, code, at, user.lastStep);
    if (step !== null) {
      await tx.update(users).set({ mfaLastStep: step }).where(eq(users.id, userId));
      return true;
    }
    const hash = matchRecoveryCode(user.recovery, code);
    if (hash === null) return false;
    const removed = await tx
      .update(users)
      .set({ mfaRecoveryHashes: sql`array_remove(${users.mfaRecoveryHashes}, ${hash})` })
      .where(and(eq(users.id, userId), sql`${hash} = any(${users.mfaRecoveryHashes})`))
      .returning({ id: users.id });
    return removed.length > 0;
  }));
  if (used) {
    await clearFailures(db, codeFailures, userId);
    return { outcome: 'ok' };
  }
  if (!attempt.notifyIfWrong) return { outcome: 'wrong', outboxIds: [] };
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return { outcome: 'wrong', outboxIds: owner ? [await queueMail(db, guessingNotice(owner, 'code', attempt.failures))] : [] };
}
