import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Password guessing limited per account as well as per address (NIST SP 800-63B 5.2.2;
 * docs/decisions/019). Each wrong try is counted against its key until a right one clears it;
 * from `freeFailures` on, the key is locked for `firstLockMinutes`, doubled with each further
 * failure up to `maxLockMinutes`. While locked, a try is refused before the secret is even
 * checked, so it neither costs the server a hash nor teaches the guesser anything.
 */
export type FailurePolicy = {
  /** The key's kind, the first part of the key: 'password' (per email) or 'code' (per user). */
  kind: 'password' | 'code';
  freeFailures: number;
  firstLockMinutes: number;
  maxLockMinutes: number;
  /** The failure count at which the owner is told (once a series). */
  noticeAt: number;
};

/**
 * Wrong passwords, per email (known or not, so that a lock tells nothing of which emails have an
 * account): 5 free, then 1, 2, 4 … minutes, at most an hour. Someone guessing gets about 30 tries
 * a day per account; the owner, who knows the password, waits a minute after five slips.
 */
export const passwordFailures: FailurePolicy = { kind: 'password', freeFailures: 5, firstLockMinutes: 1, maxLockMinutes: 60, noticeAt: 5 };

/**
 * Wrong codes of the second factor, per user, once the password was right: 10 free (about 1 in
 * 100,000 to guess a 6-digit code), then 15 minutes, doubling to a day. Reaching 10 means someone
 * has the password: the owner is told to change it.
 */
export const codeFailures: FailurePolicy = { kind: 'code', freeFailures: 10, firstLockMinutes: 15, maxLockMinutes: 24 * 60, noticeAt: 10 };

/** A series of failures older than a day is forgotten: the next failure starts a new one. */
const forgetAfterHours = 24;

export type Lock = { lockedForSeconds: number };
export type Failure = { failures: number; locked: Lock | null; notify: boolean };

/**
 * The key of a subject, lower-cased by PostgreSQL as the users' email lookup is (lower(email)), so
 * that every spelling that finds the account counts against one series: JavaScript's
 * toLowerCase would make 'İ' and 'i' two keys, and each spelling five more guesses.
 */
const keyOf = (policy: FailurePolicy, subject: string | number) => sql`${`${policy.kind}:`} || lower(${String(subject).trim()})`;

/** The lock on a key now, or null when a try may go ahead. */
export async function currentLock(db: DbOrTx, policy: FailurePolicy, subject: string | number): Promise<Lock | null> {
  const result = (await db.execute(sql`select ceil(extract(epoch from (locked_until - now())))::int as seconds
    from sign_in_failures where key = ${keyOf(policy, subject)} and locked_until > now()`)) as unknown as {
    rows: { seconds: number }[];
  };
  const seconds = Number(result.rows[0]?.seconds ?? 0);
  return seconds > 0 ? { lockedForSeconds: seconds } : null;
}

/** Counts a wrong try; answers the count, the lock it brings, and whether to tell the owner now. */
export async function recordFailure(db: DbOrTx, policy: FailurePolicy, subject: string | number): Promise<Failure> {
  const { freeFailures, firstLockMinutes, maxLockMinutes } = policy;
  const result = (await db.execute(sql`insert into sign_in_failures as f (key, failures, last_failure_at, locked_until)
      values (${keyOf(policy, subject)}, 1, now(), null)
      on conflict (key) do update set
        failures = case when f.last_failure_at < now() - ${forgetAfterHours} * interval '1 hour' then 1 else f.failures + 1 end,
        last_failure_at = now()
      returning failures`)) as unknown as { rows: { failures: number }[] };
  const failures = Number(result.rows[0]?.failures ?? 1);
  let locked: Lock | null = null;
  if (failures >= freeFailures) {
    const minutes = Math.min(maxLockMinutes, firstLockMinutes * 2 ** (failures - freeFailures));
    await db.execute(sql`update sign_in_failures set locked_until = now() + ${minutes} * interval '1 minute'
      where key = ${keyOf(policy, subject)}`);
    locked = { lockedForSeconds: minutes * 60 };
  }
  return { failures, locked, notify: failures === policy.noticeAt };
}

/** Series older than a day and no longer locked are removed now and then (server.ts), so that guessed emails do not pile up. */
export async function purgeForgottenFailures(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where last_failure_at < now() - ${forgetAfterHours} * interval '1 hour'
    and (locked_until is null or locked_until < now())`);
}

/** A right password or code: the series is over. */
export async function clearFailures(db: DbOrTx, policy: FailurePolicy, subject: string | number): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where key = ${keyOf(policy, subject)}`);
}

/** 'Please wait 3 minutes' in words for a person. */
export function waitWords(lock: Lock): string {
  const minutes = Math.max(1, Math.ceil(lock.lockedForSeconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
