import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loadKey, loadOrCreateKey } from './server-keys.ts';

/**
 * The second factor's secrets at rest (docs/decisions/019): AES-256-GCM with a key from the
 * environment (TOTP_ENCRYPTION_KEY), or one generated and kept like the app token's secret when
 * unset. A copy of the database alone then shows no secret an authenticator app could be set up
 * from. Kept as 'v1:' and base64url of the nonce, the tag and the text.
 */
export type SecretBox = {
  seal: (secret: string) => string;
  /** The secret, or null when no key this server has opens it (the key was lost). */
  open: (stored: string) => string | null;
  /** Whether the newest key opens it (else it was sealed under the key kept before TOTP_ENCRYPTION_KEY was set). */
  openedByNewest: (stored: string) => boolean;
};

const prefix = 'v1:';
const keyName = 'totp_encryption_key';
const keyOf = (text: string) => createHash('sha256').update(text).digest();

function openWith(key: Buffer, stored: string): string | null {
  try {
    const bytes = Buffer.from(stored.slice(prefix.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The box, with the key of TOTP_ENCRYPTION_KEY when set (and the one kept in the database before,
 * if any, to open what it sealed until start-up seals it again), else the kept key, made on first use.
 */
export async function createSecretBox(db: Db, envKey: string | undefined): Promise<SecretBox> {
  const kept = envKey ? await loadKey<string>(db, keyName) : null;
  const newest = keyOf(envKey ?? (await loadOrCreateKey(db, keyName, () => randomBytes(32).toString('base64url'))));
  const keys = kept ? [newest, keyOf(kept)] : [newest];
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', newest, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(stored) {
      // A secret kept before issue 24 is still in clear until the start-up pass seals it.
      if (!stored.startsWith(prefix)) return stored;
      for (const key of keys) {
        const secret = openWith(key, stored);
        if (secret !== null) return secret;
      }
      return null;
    },
    openedByNewest: (stored) => stored.startsWith(prefix) && openWith(newest, stored) !== null,
  };
}

/**
 * At start-up: secrets kept in clear before issue 24, or sealed under the key kept before
 * TOTP_ENCRYPTION_KEY was set, are sealed under the newest key (none after the first start).
 * A secret no key opens is left as it is: its owner signs in with a recovery code, or an admin
 * clears the second factor. Answers how many were sealed again and how many no key opens.
 */
export async function sealSecretsAgain(db: Db, box: SecretBox): Promise<{ sealed: number; unopenable: number }> {
  const found = (await db.execute(sql`select id, mfa_secret, mfa_pending_secret from users
    where mfa_secret is not null or mfa_pending_secret is not null`)) as unknown as {
    rows: { id: number; mfa_secret: string | null; mfa_pending_secret: string | null }[];
  };
  let sealed = 0;
  let unopenable = 0;
  const again = (value: string | null) => {
    if (value === null || box.openedByNewest(value)) return value;
    const secret = box.open(value);
    if (secret === null) {
      unopenable += 1;
      return value;
    }
    sealed += 1;
    return box.seal(secret);
  };
  for (const row of found.rows) {
    const secret = again(row.mfa_secret);
    const pending = again(row.mfa_pending_secret);
    if (secret !== row.mfa_secret || pending !== row.mfa_pending_secret) {
      await db.execute(sql`update users set mfa_secret = ${secret}, mfa_pending_secret = ${pending} where id = ${row.id}`);
    }
  }
  return { sealed, unopenable };
}
