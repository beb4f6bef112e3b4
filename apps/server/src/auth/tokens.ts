import { messages } from '@srs/shared/messages';
import type { TokenUser } from '@srs/shared/roles';
import { eq, lt } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { unauthorized } from '../core/errors.ts';
import { sessionsChanged } from '../core/sessions.ts';
import type { Db } from '../db/client.ts';
import { revokedTokens } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { loadSignedInUser } from './current-user.ts';
import { loadOrCreateKey } from './server-keys.ts';

/** `sv`: the user's session generation when the token was issued (docs/decisions/019); absent: 0. */
export type TokenPayload = { user: TokenUser; jti: string; exp: number; sv?: number };

export type TokenService = {
  /** A token for the user under their current session generation (users.session_generation). */
  issue: (user: TokenUser, generation: number) => Promise<{ token: string; expiresAt: Date }>;
  /** A token for an active user by id, as they are now; null when there is no active user of that id. */
  issueFor: (userId: number) => Promise<{ token: string; expiresAt: Date } | null>;
  /** Throws 401 with 'Signature has expired' or the verification error. */
  verifySignature: (token: string) => Promise<TokenPayload>;
  /** Throws 401 'revoked token' for a token signed out. */
  checkNotRevoked: (payload: TokenPayload) => Promise<void>;
  revoke: (payload: TokenPayload) => Promise<void>;
};

const issuer = 'student-records-system';

export async function createTokenService(
  db: Db,
  env: Pick<Env, 'JWT_SECRET' | 'TOKEN_TTL_MINUTES'>,
): Promise<TokenService> {
  const secretText =
    env.JWT_SECRET ?? (await loadOrCreateKey(db, 'app_token_secret', () => randomBytes(48).toString('base64url')));
  // One key object for the life of the service: given raw bytes, jose imports a key on every call.
  const secret = createSecretKey(new TextEncoder().encode(secretText));
  const ttlSeconds = env.TOKEN_TTL_MINUTES * 60;
  // Tokens whose signature was checked, by their whole text: a token is sent with every call, and
  // its text cannot change without failing the check again. Expiry is still tested on each call.
  const verified = new Map<string, TokenPayload>();

  const service: TokenService = {
    async issueFor(userId) {
      const signedIn = await loadSignedInUser(db, userId);
      return signedIn ? service.issue(signedIn.user, signedIn.generation) : null;
    },
    async issue(user, generation) {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ user, sv: generation })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issuer)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
      return { token, expiresAt };
    },
    async verifySignature(token) {
      const known = verified.get(token);
      if (known && known.exp * 1000 > Date.now()) return known;
      let payload: TokenPayload;
      try {
        const result = await jwtVerify(token, secret, { issuer, algorithms: ['HS256'] });
        payload = result.payload as unknown as TokenPayload;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized(messages.signatureExpired);
        throw unauthorized('Invalid token');
      }
      if (!payload.jti || !payload.user) throw unauthorized('Invalid token');
      if (verified.size >= 5000) verified.clear();
      verified.set(token, payload);
      return payload;
    },
    async checkNotRevoked(payload) {
      const [revoked] = await db
        .select({ jti: revokedTokens.jti })
        .from(revokedTokens)
        .where(eq(revokedTokens.jti, payload.jti));
      if (revoked) throw unauthorized(messages.revokedToken);
    },
    async revoke(payload) {
      sessionsChanged();
      await db
        .insert(revokedTokens)
        .values({ jti: payload.jti, expiresAt: new Date(payload.exp * 1000) })
        .onConflictDoNothing();
      // Revocations outlive their tokens by nothing: clear the ones that expired anyway.
      await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
    },
  };
  return service;
}
