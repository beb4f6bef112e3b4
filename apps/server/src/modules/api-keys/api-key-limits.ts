import { intakeMessages } from '@srs/shared/public-intake';
import { hitCounter } from '../../core/counters.ts';
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
 * the address that sent them, and past the limit that address's wrong keys are refused with 429.
 * A live key is verified first and always admitted on its own allowance: a church website that
 * shares its outgoing address with someone guessing is not shut out (a key's secret is 160 bits:
 * guessing it is hopeless; the limit keeps the guessing from costing the server).
 */
export async function admitApiKey(db: Db, key: string | undefined, address: string, postsPerMinute: number): Promise<{ id: number }> {
  const found = await verifyApiKey(db, key);
  if (!found) {
    const counted = await hitCounter(db, `intake-wrong-key:${address}`, minute);
    if (counted.count > wrongKeysPerMinute) throw new LimitReached(intakeMessages.tooManyWrongKeys, counted.ttlMs);
    throw unauthorized(intakeMessages.keyRequired);
  }
  const posts = await hitCounter(db, `intake-key:${found.id}`, minute);
  if (posts.count > postsPerMinute) throw new LimitReached(intakeMessages.tooManyPosts, posts.ttlMs);
  return found;
}
