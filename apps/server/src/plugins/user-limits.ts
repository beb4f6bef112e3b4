import { type UserLimitKind, userLimitKinds, userLimitMessages } from '@srs/shared/user-limits';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hitCounter } from '../core/counters.ts';
import { LimitReached } from '../core/limits.ts';
import type { Db } from '../db/client.ts';

/** How many requests of each kind one user (or API key) may send in a minute (env.ts RATE_LIMIT_*). */
export type UserLimits = Record<UserLimitKind, number>;

const minute = 60_000;

/** A list request is a search when it carries search words: the quick find's `query`, the student list's name words. */
const searchParameters = ['query', 'full_name_i_cont_all'] as const;

function isSearch(request: FastifyRequest): boolean {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return searchParameters.some((name) => {
    const value = query[name];
    return (Array.isArray(value) ? value : [value]).some((word) => typeof word === 'string' && word.trim() !== '');
  });
}

/** Who is counted: the API key a call carried, else the signed-in user; a public call is not (it has limits of its own). */
function counterOf(request: FastifyRequest): string | null {
  if (request.apiKeyId !== undefined) return `key:${request.apiKeyId}`;
  return request.user ? `user:${request.user.id}` : null;
}

function checkDeclaration(route: RouteOptions) {
  const kind = route.config?.userLimit;
  if (kind === undefined) return;
  if (!userLimitKinds.includes(kind)) throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown userLimit '${String(kind)}'.`);
  if (route.config?.public) throw new Error(`Route ${String(route.method)} ${route.url} is public: there is no user to count.`);
}

/**
 * The costly routes (searches, exports, labels and tickets, imports) say which limit they count
 * against (`config.userLimit`); each user's requests of a kind are counted in the database, so
 * that every instance counts the same (core/counters.ts), before the body is read. Past the
 * limit: 429 with Retry-After and a sentence the web app shows (core/limits.ts LimitReached).
 */
async function userLimitsPlugin(app: FastifyInstance, { db, limits }: { db: Db; limits: UserLimits }) {
  app.addHook('onRoute', checkDeclaration);
  // Registered after the auth plugin: its onRequest hook has set the user (or refused) by now.
  app.addHook('onRequest', async (request) => {
    const kind = request.routeOptions.config.userLimit;
    if (kind === undefined || (kind === 'search' && !isSearch(request))) return;
    const counter = counterOf(request);
    if (counter === null) return;
    const count = await hitCounter(db, `user-limit:${kind}:${counter}`, minute);
    if (count.count > limits[kind]) throw new LimitReached(userLimitMessages[kind], count.ttlMs);
  });
}

export const userLimits = fp(userLimitsPlugin, { name: 'user-limits' });
