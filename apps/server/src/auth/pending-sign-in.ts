import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { loadOrCreateKey } from './server-keys.ts';

/** How long the code page waits after the password was right. */
const pendingSeconds = 5 * 60;

/**
 * The password step of a sign-in that still needs its code:
 * '<user>.<generation>.<expires>.<signature>', signed with a key kept in the database (every
 * instance checks it) and bound to the provider's interaction, so it serves that one sign-in only,
 * for five minutes, and only while the account's session generation is the one it was issued
 * under: a password changed meanwhile ends it (docs/decisions/019).
 */
export async function pendingSignIns(db: Db) {
  const key = await loadOrCreateKey(db, 'pending_sign_in_key', () => randomBytes(32).toString('hex'));
  const sign = (interaction: string, userId: number, generation: number, expires: number) =>
    createHmac('sha256', key).update(`${interaction}.${userId}.${generation}.${expires}`).digest('base64url');
  return {
    issue(interaction: string, userId: number, generation: number, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + pendingSeconds;
      return `${userId}.${generation}.${expires}.${sign(interaction, userId, generation, expires)}`;
    },
    /** The user whose password was right in this interaction, and the generation then; or null. */
    check(interaction: string, token: string | undefined, now = Date.now()): { userId: number; generation: number } | null {
      const match = /^(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(token ?? '');
      if (!match) return null;
      const [userId, generation, expires] = [Number(match[1]), Number(match[2]), Number(match[3])];
      if (expires < Math.floor(now / 1000)) return null;
      const expected = Buffer.from(sign(interaction, userId, generation, expires));
      const given = Buffer.from(match[4]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, generation } : null;
    },
  };
}
