import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { queueMail } from '../modules/mail/public.ts';
import { guessingNotice } from './account-notices.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { clearFailures, currentLock, type Lock, passwordFailures, recordFailure } from './sign-in-failures.ts';

export type PasswordUser = { id: number; email: string; firstName: string; secondFactor: boolean; generation: number };
export type PasswordCheck =
  | { outcome: 'ok'; user: PasswordUser }
  | { outcome: 'wrong'; outboxIds: number[] }
  | { outcome: 'locked'; lock: Lock };

/**
 * A hash of nothing anyone knows, checked when the email has no account or no password, so that a
 * wrong password costs the same time whoever the email belongs to (an answer's time must not
 * tell which emails have an account).
 */
const dummyHash = hashPassword(randomBytes(24).toString('base64url'));

/**
 * An email and password checked for the built-in provider's sign-in and /idp/password: refused
 * without a check while the email is locked (sign-in-failures.ts), the hash always computed, a
 * wrong one counted against the email (known or not), the owner told once a series grows long.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<PasswordCheck> {
  const address = email.trim();
  const lock = await currentLock(db, passwordFailures, address);
  if (lock) return { outcome: 'locked', lock };
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
      secondFactor: sql<boolean>`${users.mfaEnabledAt} is not null`,
      generation: users.sessionGeneration,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${address})`, eq(users.active, true)));
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (ok && user?.passwordHash) {
    await clearFailures(db, passwordFailures, address);
    const { passwordHash: _hash, ...found } = user;
    return { outcome: 'ok', user: found };
  }
  const failure = await recordFailure(db, passwordFailures, address);
  if (!failure.notify || !user) return { outcome: 'wrong', outboxIds: [] };
  return { outcome: 'wrong', outboxIds: [await queueMail(db, guessingNotice(user, 'password', failure.failures))] };
}
