import { InterestListQuery, InterestListResponse } from '@srs/shared/interests';
import { everyone } from '@srs/shared/roles';
import { paginationOf } from '../../core/lists.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { listInterests } from './interests.queries.ts';

export async function interestRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/interests',
    {
      config: { roles: everyone },
      schema: {
        tags: ['interests'],
        summary: 'Interests: all for global admins, those assigned to the user’s schools otherwise',
        querystring: InterestListQuery,
        response: { 200: InterestListResponse },
      },
    },
    async (request) => {
      const { interests, total } = await listInterests(db, request.actor.scope, request.query);
      return { interests, pagination: paginationOf(request.query, total, interests.length) };
    },
  );
}
