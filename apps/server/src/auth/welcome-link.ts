import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { passwordTokens } from '../db/schema/index.ts';
import { idpMountPath } from './builtin-provider.ts';

/** A welcome link lets its user set a password once, for 7 days (issue 9, Instructors). */
export const welcomeLinkDays = 7;
export const welcomePath = `${idpMountPath}/welcome`;

/** Only this hash of a link's token is stored: the database never holds a usable link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type WelcomeLink = { url: string; expiresAt: Date | null };

/**
 * The link of a welcome email. At the built-in provider: a new single-use link to set a password
 * (the user's earlier unused links stop working: only the newest email counts). With an external
 * provider the product's sign-in page, where the provider takes over.
 */
export async function createWelcomeLink(
  tx: DbOrTx,
  userId: number,
  baseUrl: string,
  builtinProvider: boolean,
): Promise<WelcomeLink> {
  if (!builtinProvider) return { url: `${baseUrl}/login`, expiresAt: null };
  await tx.execute(sql`delete from password_tokens where user_id = ${userId} and used_at is null`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + welcomeLinkDays * 24 * 60 * 60 * 1000);
  await tx.insert(passwordTokens).values({ userId, tokenHash: hashLinkToken(token), expiresAt });
  return { url: `${baseUrl}${welcomePath}/${token}`, expiresAt };
}
