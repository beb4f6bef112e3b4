import { eq, lt, sql } from 'drizzle-orm';
import type { OidcClient, SignInClaims } from '../../auth/oidc-client.ts';
import type { Db } from '../../db/client.ts';
import { authRequests, users } from '../../db/schema/index.ts';

const attemptTtlMs = 10 * 60 * 1000;

/** Starts a sign-in: remembers state, nonce and PKCE verifier, returns the provider's URL. */
export async function startSignIn(db: Db, oidc: OidcClient, forceLogin: boolean): Promise<string> {
  const start = await oidc.start({ forceLogin });
  await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date()));
  await db.insert(authRequests).values({
    state: start.state,
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    expiresAt: new Date(Date.now() + attemptTtlMs),
  });
  return start.url;
}

export class SignInError extends Error {}

/** Finishes a sign-in: checks state, nonce and PKCE, then finds the user the provider vouches for. */
export async function finishSignIn(db: Db, oidc: OidcClient, callbackUrl: URL): Promise<number> {
  const state = callbackUrl.searchParams.get('state');
  const providerError = callbackUrl.searchParams.get('error_description') ?? callbackUrl.searchParams.get('error');
  if (providerError) throw new SignInError(providerError);
  if (!state) throw new SignInError('The sign-in response was incomplete. Please try again.');
  const [attempt] = await db.delete(authRequests).where(eq(authRequests.state, state)).returning();
  if (!attempt || attempt.expiresAt.getTime() < Date.now()) {
    throw new SignInError('The sign-in took too long or was already used. Please try again.');
  }
  let claims: SignInClaims;
  try {
    claims = await oidc.finish(callbackUrl, attempt);
  } catch {
    throw new SignInError('The identity provider could not confirm your sign-in. Please try again.');
  }
  return matchUser(db, claims);
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
