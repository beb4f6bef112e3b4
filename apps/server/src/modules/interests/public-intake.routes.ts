import { PublicInterestInput, PublicInterestResponse } from '@srs/shared/api-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../core/limits.ts';
import type { Db } from '../../db/client.ts';
import { interests } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { admitApiKey } from '../api-keys/public.ts';
import { checkSeries, personColumns } from './interest-writes.ts';

/** The key a website sends: `Authorization: Bearer srs_…` or `X-Api-Key: srs_…`. */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}

const responseOf = (row: { id: number; externalId: string | null; status: string; receivedOn: string }, created: boolean) => ({
  id: row.id,
  external_id: row.externalId ?? '',
  status: row.status,
  received_on: row.receivedOn,
  created,
});

/**
 * POST /api/public/interests (DOMAIN.md, Interest tracking): a church website sends a person who
 * asked for Bible studies, with an API key. No one signs in with the key; it is limited per key
 * once verified and, while wrong, per address (api-keys/api-key-limits.ts): not by the route's
 * rateLimit option, which counts before the key is known. The sender's `external_id` makes a
 * retried post the same interest: 201 the first time, 200 after.
 * Registered only with interest tracking on (app.ts).
 */
export async function publicIntakeRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.post(
    '/api/public/interests',
    {
      config: { public: true },
      schema: {
        tags: ['interests'],
        summary: 'An interest from a website, with an API key; idempotent by external_id',
        body: PublicInterestInput,
        response: { 200: PublicInterestResponse, 201: PublicInterestResponse },
      },
      // The key before the body is even read: a post without a live key learns nothing of the fields.
      onRequest: async (request) => {
        const key = await admitApiKey(db, keyOf(request), clientAddress(request.ip), env.RATE_LIMIT_INTAKE);
        request.apiKeyId = key.id;
      },
    },
    async (request, reply) => {
      const apiKeyId = request.apiKeyId!;
      const body = request.body;
      await checkSeries(db, body.series_id);
      const columns = { id: interests.id, externalId: interests.externalId, status: interests.status, receivedOn: interests.receivedOn };
      const [created] = await db
        .insert(interests)
        .values({
          ...personColumns(body),
          apiKeyId,
          externalId: body.external_id,
          source: 'api',
        })
        .onConflictDoNothing({ target: [interests.apiKeyId, interests.externalId] })
        .returning(columns);
      if (created) return reply.code(201).send(responseOf(created, true));
      const [existing] = await db
        .select(columns)
        .from(interests)
        .where(and(eq(interests.apiKeyId, apiKeyId), eq(interests.externalId, body.external_id)));
      return reply.code(200).send(responseOf(existing!, false));
    },
  );
}
