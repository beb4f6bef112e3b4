import { intakeMessages } from '@srs/shared/api-keys';
import { hitCounter, readCounter } from '../../core/counters.ts';
import { unauthorized } from '../../core/errors.ts';
import { LimitReached } from '../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { verifyApiKey } from './api-keys.service.ts';

const minute = 60_000;

/** Missing or wrong keys one address may send in a minute before it is refused without a look. */
export const wrongKeysPerMinute = 20;

/**
 * The live key a request carries, counted (POST /api/public/interests). Posts count against a key
 * only once it is verified, by its id: its prefix is shown in lists and versions, and a wrong
 * secret after it must not use up the real key's allowance. Missing and wrong keys count against
 * the address that sent them; past the limit that address is refused before its key is looked at,
 * so a right guess then reads no differently from a wrong one (guessing is slowed, not just answered).
 */
export async function admitApiKey(db: Db, key: string | undefined, address: string, postsPerMinute: number): Promise<{ id: number }> {
  const wrongKey = `intake-wrong-key:${address}`;
  const wrong = await readCounter(db, wrongKey, minute);
  if (wrong.count >= wrongKeysPerMinute) throw new LimitReached(intakeMessages.tooManyWrongKeys, wrong);
  const found = await verifyApiKey(db, key);
  if (!found) {
    // The read above only looks; posts sent at once all pass it, and this count stops the rest.
    const counted = await hitCounter(db, wrongKey, minute);
    if (counted.count > wrongKeysPerMinute) throw new LimitReached(intakeMessages.tooManyWrongKeys, counted);
    throw unauthorized(intakeMessages.keyRequired);
  }
  const posts = await hitCounter(db, `intake-key:${found.id}`, minute);
  if (posts.count > postsPerMinute) throw new LimitReached(intakeMessages.tooManyPosts, posts);
  return found;
}
