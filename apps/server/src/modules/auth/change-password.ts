import { eq } from 'drizzle-orm';
import { passwordChangedNotice } from '../../auth/account-notices.ts';
import { endSessions } from '../../auth/account-sessions.ts';
import { checkPassword } from '../../auth/password-check.ts';
import { passwordProblem } from '../../auth/password-rules.ts';
import { hashPassword } from '../../auth/password.ts';
import { lockRefusal } from '../../auth/sign-in-failures.ts';
import { invalid } from '../../core/errors.ts';
import { type Outcome, refusal, success } from '../../core/outcome.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queueMail } from '../mail/public.ts';

/**
 * PATCH /change_password: the signed-in user's new password, after their current one, checked and
 * counted like a sign-in (auth/password-check.ts: a stolen session cannot guess it either), and the
 * same rules as every other place a password is set (auth/password-rules.ts). Every session ends
 * (the route gives this one a new token under the generation answered) and the owner is told.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  input: { current_password: string; password: string },
): Promise<Outcome<number>> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const checked = await checkPassword(db, user?.email ?? '', input.current_password);
  if (checked.outcome === 'locked') return refusal(lockRefusal('passwords', checked.lock));
  if (checked.outcome === 'wrong' || checked.user.id !== userId) {
    return refusal(invalid({ current_password: ['is not correct'] }), checked.outcome === 'wrong' ? checked.outboxIds : []);
  }
  const owner = checked.user;
  const problem = passwordProblem(input.password, owner.email);
  if (problem) return refusal(invalid({ password: [problem] }));
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    const generation = await endSessions(tx, userId, { voidPasswordLinks: true });
    return success(generation, [await queueMail(tx, passwordChangedNotice(owner, 'changed'))]);
  });
}
