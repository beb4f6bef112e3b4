import { everyone } from '@srs/shared/roles';
import { SuggestedSchoolsQuery, SuggestedSchoolsResponse } from '@srs/shared/students';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { seriesVisible, suggestedSchools } from './suggested-schools.queries.ts';

export async function suggestedSchoolRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/students/suggested_schools',
    {
      config: { roles: everyone },
      schema: {
        tags: ['students'],
        summary: 'Schools for a new student: the one that claimed the zip first, then the nearest offering the series',
        querystring: SuggestedSchoolsQuery,
        response: { 200: SuggestedSchoolsResponse },
      },
    },
    async (request) => {
      const { series_id, zip_code } = request.query;
      if (!(await seriesVisible(db, request.actor.scope, series_id))) throw notFound('Series');
      return { schools: await suggestedSchools(db, request.actor.scope, series_id, zip_code) };
    },
  );
}
