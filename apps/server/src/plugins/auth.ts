import { messages, renewedTokenHeader } from '@srs/shared/messages';
import { can } from '@srs/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadSignedInUser, loadTokenUser } from '../auth/current-user.ts';
import type { Session, SessionCache } from '../auth/session-cache.ts';
import type { TokenPayload, TokenService } from '../auth/tokens.ts';
import { actorFor } from '../core/actor.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { Db } from '../db/client.ts';

type Options = { db: Db; tokens: TokenService; sessions: SessionCache };

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

async function authPlugin(app: FastifyInstance, { db, tokens, sessions }: Options) {
  /** A token's session from the cache (docs/decisions/009), else from the database: 3 to 4 queries. */
  const sessionOf = async (payload: TokenPayload): Promise<Session> => {
    const cached = sessions.get(payload.jti);
    if (cached) return cached;
    const ticket = sessions.ticket();
    await tokens.checkNotRevoked(payload);
    const signedIn = await loadSignedInUser(db, payload.user.id);
    if (!signedIn) throw unauthorized(messages.nilUser);
    const { user, generation } = signedIn;
    const session = { user, generation, actor: await actorFor(db, user) };
    sessions.keep(payload.jti, session, ticket);
    return session;
  };

  // Signed-in by default: a route must declare its roles, or opt out with `public`.
  app.addHook('onRoute', (route) => {
    const config = route.config as { roles?: unknown; public?: boolean } | undefined;
    // Static files of the web app and the built-in provider's pages are public by nature.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!config?.public && !Array.isArray(config?.roles)) {
      throw new Error(`Route ${route.method} ${route.url} declares no allowed roles (config.roles or config.public).`);
    }
  });

  app.decorateReply('renewSession', async function renewSession(this: FastifyReply, generation: number) {
    const user = await loadTokenUser(db, this.request.user.id);
    if (user) this.header(renewedTokenHeader, (await tokens.issue(user, generation)).token);
  });
  app.decorateRequest('user', null as never);
  app.decorateRequest('token', null as never);
  app.decorateRequest('actor', null as never);

  // onRequest: a signed-out call is refused before its input is even read.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !config.roles) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not signed in');
    const payload = await tokens.verifySignature(token);
    const { user, actor, generation } = await sessionOf(payload);
    // A token issued before the account's email, password or second factor changed has ended.
    if ((payload.sv ?? 0) !== generation) throw unauthorized(messages.revokedToken);
    request.token = payload;
    request.user = user;
    request.actor = actor;
    // Known before the roles are checked: a 403 speaks the user's language (core/request-language.ts).
    if (!can(user, config.roles)) throw forbidden();
  });

  // A signed-in answer is someone's records: the browser must not keep it in its HTTP cache, which
  // outlives Log out (the phone's own copy is emptied then, issue 30). A route that chose its own
  // caching (a picture of one's own) keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (!config.public && config.roles && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
