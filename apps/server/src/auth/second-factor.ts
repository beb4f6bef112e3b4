import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { matchTotp, recoveryHash } from './totp.ts';

/**
 * Checks a code against a user's second factor and uses it up: a code from the app moves the
 * last step on (the same code cannot sign in twice), a recovery code is removed. True when it was
 * one of theirs. In the caller's transaction.
 */
export async function useSecondFactorCode(tx: DbOrTx, userId: number, code: string, at = new Date()): Promise<boolean> {
  const [user] = await tx
    .select({ secret: users.mfaSecret, lastStep: users.mfaLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user?.secret) return false;
  const step = matchTotp(user.secret, code, at, user.lastStep);
  if (step !== null) {
    await tx.update(users).set({ mfaLastStep: step }).where(eq(users.id, userId));
    return true;
  }
  const hash = recoveryHash(code);
  const used = await tx
    .update(users)
    .set({ mfaRecoveryHashes: sql`array_remove(${users.mfaRecoveryHashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.mfaRecoveryHashes})`))
    .returning({ id: users.id });
  return used.length > 0;
}
