import { ListQuery } from '@srs/shared/common';
import { FollowupListResponse } from '@srs/shared/enrollments';
import { everyone } from '@srs/shared/roles';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { paginationOf } from '../../lib/lists.ts';
import type { App } from '../../types.ts';
import { listNeedingFollowup } from './enrollments.queries.ts';

export async function enrollmentRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/enrollments/needing_followup',
    {
      config: { roles: everyone },
      schema: {
        tags: ['enrollments'],
        summary: 'Enrollments needing follow-up (DOMAIN.md), oldest follow-up first',
        querystring: ListQuery,
        response: { 200: FollowupListResponse },
      },
    },
    async (request) => {
      const { enrollments, total } = await listNeedingFollowup(db, request.scope, request.query, env.FOLLOWUP_DAYS);
      return { enrollments, pagination: paginationOf(request.query, total, enrollments.length) };
    },
  );
}
