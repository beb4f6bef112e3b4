import { sql } from 'drizzle-orm';
import { sessionsChanged } from '../core/sessions.ts';
import type { DbOrTx } from '../db/client.ts';

/** What a change of an account ends besides its sessions: the links to set a password still unused. */
export type EndSessionsOptions = { voidPasswordLinks: boolean };

/**
 * Ends every session of a user, in the caller's transaction (docs/decisions/019): the app tokens
 * issued before (their generation moves on; every instance hears it through the users trigger of
 * migration 0016 and checks the next call), and the built-in provider's sessions and grants, so
 * that no browser is signed in again without the password. A change of email or password also
 * voids the links to set a password that were not used yet: they were sent to the old address or
 * for the old password.
 */
export async function endSessions(tx: DbOrTx, userId: number, options: EndSessionsOptions): Promise<number> {
  sessionsChanged();
  const [row] = (
    (await tx.execute(
      sql`update users set session_generation = session_generation + 1 where id = ${userId} returning session_generation`,
    )) as unknown as { rows: { session_generation: number }[] }
  ).rows;
  // A sign-in past its password step but not yet finished (an interaction whose result names the
  // account, held by whoever typed the old password) ends too: it would create a session after this.
  await tx.execute(sql`delete from oidc_payloads
    where (type in ('Session', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken')
      and payload->>'accountId' = ${String(userId)})
    or (type = 'Interaction' and (payload->'result'->'login'->>'accountId' = ${String(userId)}
      or payload->'session'->>'accountId' = ${String(userId)}))`);
  if (options.voidPasswordLinks) {
    await tx.execute(sql`delete from password_tokens where user_id = ${userId} and used_at is null`);
  }
  return Number(row?.session_generation ?? 0);
}

/**
 * The session generation a sign-in's password was checked under, as the built-in provider carries
 * it: the `acr` of its session, which its ID tokens repeat. The callback issues the app token under
 * that generation, so a sign-in racing a change of password, or a provider session from before
 * it, gives a token that is already over (docs/decisions/019).
 */
const acrPrefix = 'urn:srs:session-generation:';
export const generationAcr = (generation: number) => `${acrPrefix}${generation}`;
export function generationOfAcr(acr: string | undefined): number | null {
  if (!acr?.startsWith(acrPrefix)) return null;
  const value = Number(acr.slice(acrPrefix.length));
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}
