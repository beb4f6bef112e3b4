import { idRef } from '@srs/shared/common';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../core/errors.ts';
import { type RecordKind, recordKinds, visibleOr404 } from '../core/records.ts';
import type { Scope } from '../core/scope.ts';
import type { Db } from '../db/client.ts';

/**
 * What a missing record's 404 may add for this user, when it was deleted and they saw it (the
 * versions module's deletedRecord, given by the composition root); null leaves the plain 404.
 */
export type ExplainMissing = (db: Db, scope: Scope, kind: RecordKind, id: number) => Promise<object | null>;

/** The names of a path's parameters ('/api/students/:id/notes' → ['id']). */
const pathParameters = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

/**
 * A route with a path parameter says what it names: a record kind, whose scope this plugin
 * checks, or `{ none: reason }`. Forgetting to declare it fails at start-up, like missing roles.
 */
function checkDeclaration(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
  const name = `Route ${String(route.method)} ${route.url}`;
  const record = route.config?.record;
  const parameters = pathParameters(route.url);
  if (record === undefined) {
    if (parameters.length > 0) {
      throw new Error(`${name} has a path parameter but declares no config.record (a record kind, or { none: reason }).`);
    }
    return;
  }
  if (typeof record === 'object') {
    if (!record.none?.trim()) throw new Error(`${name} declares config.record { none } without a reason.`);
    return;
  }
  if (!recordKinds.includes(record)) throw new Error(`${name} declares an unknown record kind '${String(record)}'.`);
  if (route.config?.public) throw new Error(`${name} is public: there is no user whose scope could hold its record.`);
  if (parameters.join() !== 'id') {
    throw new Error(`${name} declares a ${record} record: its path names the record by :id and nothing else.`);
  }
}

/**
 * Scope by construction (docs/decisions/005): after the sign-in check and before the body is
 * read, the record of the path must exist in the user's scope, else 404 exactly like a missing
 * record, whatever the body. The handler then gets the id as `Visible<kind>` from `visibleId`.
 */
async function recordScopePlugin(app: FastifyInstance, { db, explainMissing }: { db: Db; explainMissing?: ExplainMissing }) {
  app.addHook('onRoute', checkDeclaration);
  app.decorateRequest('visibleRecord', null);
  // Registered after the auth plugin: its onRequest hook has set the actor (or refused) by now.
  app.addHook('onRequest', async (request) => {
    const kind = request.routeOptions.config.record;
    if (typeof kind !== 'string') return;
    const id = idRef.safeParse((request.params as { id?: unknown }).id);
    // A path id that is not a positive whole number is the params validation's 422.
    if (!id.success) return;
    try {
      request.visibleRecord = { kind, id: await visibleOr404(db, request.actor.scope, kind, id.data) };
    } catch (error) {
      // A page's read of a record deleted since says so to those who saw it (issue 25): its old
      // link then reads 'This student was deleted on … by …', not a failed load.
      const deleted = request.method === 'GET' && explainMissing ? await explainMissing(db, request.actor.scope, kind, id.data) : null;
      if (deleted && error instanceof HttpError) throw new HttpError(404, error.message, { deleted });
      throw error;
    }
  });
}

export const recordScope = fp(recordScopePlugin, { name: 'record-scope', dependencies: ['auth'] });
