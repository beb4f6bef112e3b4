import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { generationOfAcr } from '../../auth/account-sessions.ts';
import type { OidcClient, SignInClaims } from '../../auth/oidc-client.ts';
import type { Db } from '../../db/client.ts';
import { authRequests, users } from '../../db/schema/index.ts';

const attemptTtlMs = 10 * 60 * 1000;

/** Only the hash of a browser's sign-in cookie is kept: the database never holds the cookie itself. */
const bindingHash = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

/**
 * The words /login?message= shows after a failed return from the provider: fixed texts, never
 * the provider's own words or anything else the address carried (SPEC section 8, Sign-in failure).
 */
export const signInMessages = {
  notCompleted: 'The sign-in was not completed. Please try again.',
  incomplete: 'The sign-in response was incomplete. Please try again.',
  expired: 'The sign-in took too long or was already used. Please try again.',
  otherBrowser: 'This sign-in was started in another browser or window that has since closed. Please sign in again.',
  accountChanged: 'Your account changed during this sign-in (a new password, email or second factor). Please sign in again.',
  notConfirmed: 'The identity provider could not confirm your sign-in. Please try again.',
} as const;

/**
 * Starts a sign-in: remembers state, nonce and PKCE verifier, bound to the browser that asked (the
 * hash of its sign-in cookie, modules/auth/auth.routes.ts), and returns the provider's URL.
 */
export async function startSignIn(db: Db, oidc: OidcClient, forceLogin: boolean, browserCookie: string): Promise<string> {
  const start = await oidc.start({ forceLogin });
  await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date()));
  await db.insert(authRequests).values({
    state: start.state,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    browserBinding: bindingHash(browserCookie),
    expiresAt: new Date(Date.now() + attemptTtlMs),
  });
  return start.url;
}

export class SignInError extends Error {}

const sameBinding = (kept: string | null, cookie: string | undefined) => {
  if (!kept || !cookie) return false;
  const given = Buffer.from(bindingHash(cookie));
  return given.length === kept.length && timingSafeEqual(given, Buffer.from(kept));
};

/**
 * Finishes a sign-in: the callback must come back to the browser that started it (its cookie), so
 * that a callback address an attacker obtained cannot sign a victim's browser in as the attacker;
 * then state, nonce and PKCE are checked and the user the provider vouches for is found.
 */
export async function finishSignIn(
  db: Db,
  oidc: OidcClient,
  callbackUrl: URL,
  browserCookie: string | undefined,
): Promise<{ userId: number; generation: number | null }> {
  const state = callbackUrl.searchParams.get('state');
  if (callbackUrl.searchParams.has('error')) throw new SignInError(signInMessages.notCompleted);
  if (!state) throw new SignInError(signInMessages.incomplete);
  // The browser is checked before the attempt is spent: someone else's copy of the address cannot
  // cancel the sign-in of the browser that started it.
  const [found] = await db.select({ binding: authRequests.browserBinding }).from(authRequests).where(eq(authRequests.state, state));
  if (found && !sameBinding(found.binding, browserCookie)) throw new SignInError(signInMessages.otherBrowser);
  const [attempt] = await db.delete(authRequests).where(eq(authRequests.state, state)).returning();
  if (!attempt || attempt.expiresAt.getTime() < Date.now()) throw new SignInError(signInMessages.expired);
  let claims: SignInClaims;
  try {
    claims = await oidc.finish(callbackUrl, attempt);
  } catch {
    throw new SignInError(signInMessages.notConfirmed);
  }
  // The built-in provider says under which session generation the password was checked (the route
  // compares it with the account's now: a race with a change, or a provider session from before).
  return { userId: await matchUser(db, claims), generation: generationOfAcr(claims.acr) };
}

/** Users are matched by verified email, then by the provider's subject (issue 2, section 3). */
async function matchUser(db: Db, claims: SignInClaims): Promise<number> {
  if (claims.email && claims.emailVerified) {
    const [byEmail] = await db
      .select({ id: users.id, active: users.active, oidcSub: users.oidcSub })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${claims.email})`);
    if (byEmail?.active) {
      if (!byEmail.oidcSub) await db.update(users).set({ oidcSub: claims.sub }).where(eq(users.id, byEmail.id));
      await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, byEmail.id));
      return byEmail.id;
    }
  }
  const [bySub] = await db
    .select({ id: users.id, active: users.active })
    .from(users)
    .where(eq(users.oidcSub, claims.sub));
  if (bySub?.active) return bySub.id;
  throw new SignInError(
    `There is no account for ${claims.email ?? 'this sign-in'}. Please contact your coordinator to get an account.`,
  );
}
