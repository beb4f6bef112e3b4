import { type SQL, sql } from 'drizzle-orm';
import { LimitReached } from '../core/limits.ts';
import type { DbOrTx } from '../db/client.ts';
import { idpText, type Language } from './idp-words.ts';

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

/**
 * The key of a subject, lower-cased by PostgreSQL as the users' email lookup is (lower(email)), so
 * that every spelling that finds the account counts against one series: JavaScript's
 * toLowerCase would make 'İ' and 'i' two keys, and each spelling five more guesses.
 */
const keyOf = (policy: FailurePolicy, subject: string | number) => sql`${`${policy.kind}:`} || lower(${String(subject).trim()})`;

/**
 * An attempt begun: refused while its key is locked, else counted before the secret is checked,
 * in one statement on the key's row, so that guesses sent all at once cannot all pass a lock that
 * only their own failures would set. The attempt that reaches `freeFailures` sets the lock
 * itself, as if it will be wrong: a right one clears the series (`clearFailures`), a wrong one
 * leaves the count and the lock as they are. `failures` is this attempt's number in the series.
 */
export type Attempt = { locked: Lock } | { locked: null; failures: number; notifyIfWrong: boolean };

export async function startAttempt(db: DbOrTx, policy: FailurePolicy, subject: string | number): Promise<Attempt> {
  const { freeFailures: free, firstLockMinutes: first, maxLockMinutes: max } = policy;
  const locked = sql`f.locked_until > now()`;
  const next = sql`(case when f.last_failure_at < now() - ${forgetAfterHours} * interval '1 hour' then 1 else f.failures + 1 end)`;
  const lockFor = (failures: SQL) =>
    sql`now() + least(${max}::float8, ${first}::float8 * power(2::float8, ${failures} - ${free})) * interval '1 minute'`;
  const result = (await db.execute(sql`insert into sign_in_failures as f (key, failures, last_failure_at, locked_until)
      values (${keyOf(policy, subject)}, 1, now(), case when 1 >= ${free} then ${lockFor(sql`1`)} end)
      on conflict (key) do update set
        failures = case when ${locked} then f.failures else ${next} end,
        locked_until = case when ${locked} then f.locked_until when ${next} >= ${free} then ${lockFor(next)} end,
        last_failure_at = case when ${locked} then f.last_failure_at else now() end
      returning failures, last_failure_at <> now() as was_locked,
        ceil(extract(epoch from (locked_until - clock_timestamp())))::int as lock_seconds`)) as unknown as {
    rows: { failures: number; was_locked: boolean; lock_seconds: number | null }[];
  };
  const row = result.rows[0]!;
  // The time left as of now, not of the statement's start: one that waited behind another on the
  // key's row would otherwise read a minute's lock as a little more, and say '2 minutes'.
  if (row.was_locked) return { locked: { lockedForSeconds: Math.max(1, Number(row.lock_seconds)) } };
  const failures = Number(row.failures);
  return { locked: null, failures, notifyIfWrong: failures === policy.noticeAt };
}

/** The lock a wrong attempt left (its own, when it reached the limit), for the words of the refusal. */
export async function currentLock(db: DbOrTx, policy: FailurePolicy, subject: string | number): Promise<Lock | null> {
  const result = (await db.execute(sql`select ceil(extract(epoch from (locked_until - now())))::int as seconds
    from sign_in_failures where key = ${keyOf(policy, subject)} and locked_until > now()`)) as unknown as {
    rows: { seconds: number }[];
  };
  const seconds = Number(result.rows[0]?.seconds ?? 0);
  return seconds > 0 ? { lockedForSeconds: seconds } : null;
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

/** A change refused while its key is locked (the API's 429, with the wait). */
export const lockRefusal = (what: 'passwords' | 'codes', lock: Lock) => {
  const key = what === 'passwords' ? 'apiPasswordsLocked' : 'apiCodesLocked';
  return new LimitReached(idpText('en', key, { wait: waitWords(lock) }), lock.lockedForSeconds * 1000, (language) => ({
    error: idpText(language, key, { wait: waitWords(lock, language) }),
  }));
};

/** 'Please wait 3 minutes' in words for a person, in their language (the provider's pages, issue 29). */
export function waitWords(lock: Lock, language: Language = 'en'): string {
  const minutes = Math.max(1, Math.ceil(lock.lockedForSeconds / 60));
  if (minutes < 90) return idpText(language, 'waitMinutes', { minutes });
  const hours = Math.ceil(minutes / 60);
  return idpText(language, 'waitHours', { hours: String(hours) });
}
