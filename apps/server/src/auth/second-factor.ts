import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { queueMail } from '../modules/mail/public.ts';
import { guessingNotice } from './account-notices.ts';
import type { SecretBox } from './secret-box.ts';
import { clearFailures, codeFailures, currentLock, type Lock, recordFailure } from './sign-in-failures.ts';
import { matchRecoveryCode, matchTotp } from './totp.ts';

/** A code checked: right (and used up), wrong (the owner told once the wrong ones pile up), or refused while locked. */
export type CodeCheck = { outcome: 'ok' } | { outcome: 'wrong'; outboxIds: number[] } | { outcome: 'locked'; lock: Lock };

/**
 * Checks a code against a user's second factor and uses it up: a code from the app moves the
 * last step on (the same code cannot sign in twice), a recovery code is removed. Wrong codes are
 * counted per user (`codeFailures`) and lock the second factor for a while; the count lives
 * outside the caller's transaction, so that a refusal that rolls back still counts.
 */
export async function checkSecondFactor(db: Db, box: SecretBox, userId: number, code: string, at = new Date()): Promise<CodeCheck> {
  const lock = await currentLock(db, codeFailures, userId);
  if (lock) return { outcome: 'locked', lock };
  const used = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ secret: users.mfaSecret, lastStep: users.mfaLastStep, recovery: users.mfaRecoveryHashes })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user?.secret) return false;
    // A secret no key opens (the key was lost) matches no code; recovery codes still serve.
    const secret = box.open(user.secret);
    const step = secret === null ? null : matchTotp(secret, code, at, user.lastStep);
    if (step !== null) {
      await tx.update(users).set({ mfaLastStep: step }).where(eq(users.id, userId));
      return true;
    }
    const kept = matchRecoveryCode(user.recovery, code);
    if (kept === null) return false;
    const removed = await tx
      .update(users)
      .set({ mfaRecoveryHashes: sql`array_remove(${users.mfaRecoveryHashes}, ${kept})` })
      .where(and(eq(users.id, userId), sql`${kept} = any(${users.mfaRecoveryHashes})`))
      .returning({ id: users.id });
    return removed.length > 0;
  });
  if (used) {
    await clearFailures(db, codeFailures, userId);
    return { outcome: 'ok' };
  }
  const failure = await recordFailure(db, codeFailures, userId);
  if (!failure.notify) return { outcome: 'wrong', outboxIds: [] };
  const [owner] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return { outcome: 'wrong', outboxIds: owner ? [await queueMail(db, guessingNotice(owner, 'code', failure.failures))] : [] };
}
