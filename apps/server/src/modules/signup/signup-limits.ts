import { signupTooMany } from '@srs/shared/signup';
import { hitCounter } from '../../core/counters.ts';
import { LimitReached } from '../../core/limits.ts';
import type { DbOrTx } from '../../db/client.ts';

const day = 24 * 60 * 60 * 1000;

/** Requests for an account one client address may send in a day: more is a flood, not a person. */
export const requestsPerAddress = 10;
/** Requests a day whose notice is mailed to a school's admins; later ones wait in their list unmailed. */
export const noticesPerSchool = 10;

/**
 * Counts a request from its address before anything about its email is looked at, so the 429
 * tells nothing of the email. A 429 rather than a silent 202: a real person behind a busy shared
 * address (a school's network, a phone carrier's) learns to try again instead of waiting for an
 * answer that will never come, and a flooder learns nothing that rotating addresses would not.
 */
export async function countRequestFrom(db: DbOrTx, address: string): Promise<void> {
  const count = await hitCounter(db, `signup-address:${address}`, day);
  if (count.count > requestsPerAddress) throw new LimitReached(signupTooMany, count.ttlMs);
}

/**
 * True for the first 'You already have an account' to an account in a day: requests from many
 * addresses, or with the email spelt many ways ('İ' for 'i'), cannot fill one inbox. Keyed by the
 * account's id, as the counters' table keeps no one's email.
 */
export async function firstKnownMailToday(tx: DbOrTx, userId: number): Promise<boolean> {
  return (await hitCounter(tx, `signup-known:user:${userId}`, day)).count === 1;
}

/** True while a school's admins have heard of fewer than noticesPerSchool requests today. */
export async function noticeAllowed(tx: DbOrTx, schoolId: number): Promise<boolean> {
  return (await hitCounter(tx, `signup-notices:${schoolId}`, day)).count <= noticesPerSchool;
}
