import { ApiKeyCreated, ApiKeyCreateInput, ApiKeyListResponse } from '@srs/shared/api-keys';
import { IdParams } from '@srs/shared/common';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service.ts';

const globalAdmins = ['global_admin'] as const;

/**
 * /account/settings/api-keys (global admins): keys for the public interest intake. Registered only
 * with interest tracking on (app.ts): with it off, these addresses do not exist.
 */
export async function apiKeyRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/api_keys',
    {
      config: { roles: globalAdmins },
      schema: { tags: ['api keys'], summary: 'Every API key, newest first', response: { 200: ApiKeyListResponse } },
    },
    async () => ({ api_keys: await listApiKeys(db) }),
  );

  app.post(
    '/api/api_keys',
    {
      // The key itself is in the answer only: never kept for a repeat (plugins/idempotency.ts).
      config: { roles: globalAdmins, idempotency: false },
      schema: {
        tags: ['api keys'],
        summary: 'A new named key: the key itself is in this answer only (201)',
        body: ApiKeyCreateInput,
        response: { 201: ApiKeyCreated },
      },
    },
    async (request, reply) => reply.code(201).send(await createApiKey(db, request.actor, request.body.name)),
  );

  app.delete(
    '/api/api_keys/:id',
    {
      config: { roles: globalAdmins, record: { none: 'a key is not a record of a school: global admins see every key' } },
      schema: { tags: ['api keys'], summary: 'Revoke a key: the next call with it is refused', params: IdParams },
    },
    async (request, reply) => {
      await revokeApiKey(db, request.actor, request.params.id);
      return reply.code(204).send();
    },
  );
}
