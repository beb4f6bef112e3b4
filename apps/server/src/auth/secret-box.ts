import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadOrCreateKey } from './server-keys.ts';

/**
 * The second factor's secrets at rest (docs/decisions/019): AES-256-GCM with a key from the
 * environment (TOTP_ENCRYPTION_KEY), or one generated and kept like the app token's secret when
 * unset. A copy of the database alone then shows no secret an authenticator app could be set up
 * from. Kept as 'v1:' and base64url of the nonce, the tag and the text.
 */
export type SecretBox = { seal: (secret: string) => string; open: (stored: string) => string };

const prefix = 'v1:';

export async function createSecretBox(db: Db, envKey: string | undefined): Promise<SecretBox> {
  const text = envKey ?? (await loadOrCreateKey(db, 'totp_encryption_key', () => randomBytes(32).toString('base64url')));
  const key = createHash('sha256').update(text).digest();
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(stored) {
      // A secret kept before issue 24 is still in clear until the start-up pass seals it.
      if (!stored.startsWith(prefix)) return stored;
      const bytes = Buffer.from(stored.slice(prefix.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** At start-up: secrets kept in clear before issue 24 are sealed (none after the first start). */
export async function sealClearSecrets(db: Db, box: SecretBox): Promise<number> {
  const found = (await db.execute(sql`select id, mfa_secret, mfa_pending_secret from users
    where mfa_secret not like ${`${prefix}%`} or mfa_pending_secret not like ${`${prefix}%`}`)) as unknown as {
    rows: { id: number; mfa_secret: string | null; mfa_pending_secret: string | null }[];
  };
  const seal = (value: string | null) => (value === null || value.startsWith(prefix) ? value : box.seal(value));
  for (const row of found.rows) {
    await db.execute(sql`update users set mfa_secret = ${seal(row.mfa_secret)}, mfa_pending_secret = ${seal(row.mfa_pending_secret)}
      where id = ${row.id}`);
  }
  return found.rows.length;
}
