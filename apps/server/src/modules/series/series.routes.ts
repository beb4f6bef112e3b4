import { everyone } from '@srs/shared/roles';
import { SeriesListQuery, SeriesListResponse } from '@srs/shared/series';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { paginationOf } from '../../lib/lists.ts';
import type { App } from '../../types.ts';
import { listSeries } from './series.queries.ts';

export async function seriesRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/series',
    {
      config: { roles: everyone },
      schema: {
        tags: ['series'],
        summary: 'Courses (type=Course → data.courses) or seminars (type=Seminar → data.seminars)',
        querystring: SeriesListQuery,
        response: { 200: SeriesListResponse },
      },
    },
    async (request) => {
      const { items, total } = await listSeries(db, request.scope, request.query, env.FOLLOWUP_DAYS);
      const pagination = paginationOf(request.query, total, items.length);
      return request.query.type === 'Course' ? { courses: items, pagination } : { seminars: items, pagination };
    },
  );
}
