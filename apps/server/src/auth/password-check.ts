import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { queueMail } from '../modules/mail/public.ts';
import { guessingNotice } from './account-notices.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { clearFailures, type Lock, passwordFailures, startAttempt } from './sign-in-failures.ts';

/** `language`: the one chosen in My Account, for the notices' words (issue 29). */
export type PasswordUser = {
  id: number;
  email: string;
  firstName: string;
  language: 'en' | 'es' | null;
  secondFactor: boolean;
  generation: number;
};
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
 * An email and password checked for the built-in provider's sign-in, /idp/password and the
 * changes that ask the password again: counted against the email (known or not) before the check
 * and refused without one while the email is locked (sign-in-failures.ts), the hash always
 * computed, the owner told once a series grows long, a right one ending the series.
 */
export async function checkPassword(db: Db, email: string, password: string): Promise<PasswordCheck> {
  // As PostgreSQL can keep it (no NUL) and no longer than an address can be (RFC 5321).
  const address = email.replaceAll('\u0000', '').trim().slice(0, 254);
  const attempt = await startAttempt(db, passwordFailures, address);
  if (attempt.locked) return { outcome: 'locked', lock: attempt.locked };
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
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
  if (!attempt.notifyIfWrong || !user) return { outcome: 'wrong', outboxIds: [] };
  return { outcome: 'wrong', outboxIds: [await queueMail(db, guessingNotice(user, 'password', attempt.failures))] };
}
