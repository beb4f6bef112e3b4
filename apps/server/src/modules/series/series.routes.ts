import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import {
  CatalogueListQuery,
  DecisionOptionsResponse,
  EpisodesResponse,
  ProductOffersResponse,
  SeriesListQuery,
  SeriesListResponse,
  SeriesSimpleListQuery,
  SeriesSimpleListResponse,
} from '@srs/shared/series';
import { paginationOf } from '../../core/lists.ts';
import { visibleId, visibleOr404 } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { decisionOptionsOf, episodesOf, productOffersOf, seriesOptions } from './series-lookups.queries.ts';
import { seriesRecordRoutes } from './series-writes.routes.ts';
import { listSeries } from './series.queries.ts';

export async function seriesRoutes(app: App, { db }: { db: Db; env: Env }) {
  app.get(
    '/api/series',
    {
      config: { roles: everyone, userLimit: 'search' },
      schema: {
        tags: ['series'],
        summary: 'Courses (type=Course → data.courses) or seminars (type=Seminar → data.seminars)',
        querystring: SeriesListQuery,
        response: { 200: SeriesListResponse },
      },
    },
    async (request) => {
      const { items, total } = await listSeries(db, request.actor.scope, request.query);
      const pagination = paginationOf(request.query, total, items.length);
      return request.query.type === 'Course' ? { courses: items, pagination } : { seminars: items, pagination };
    },
  );

  app.get(
    '/api/series/simple_list',
    {
      config: { roles: everyone },
      schema: {
        tags: ['series'],
        summary:
          "The pickers' series, priority courses first; school_id keeps those it offers or holds, student_id those the student can be enrolled in",
        querystring: SeriesSimpleListQuery,
        response: { 200: SeriesSimpleListResponse },
      },
    },
    async (request) => {
      const { type, school_id: schoolId, student_id: studentId } = request.query;
      const { scope } = request.actor;
      const school = schoolId === undefined ? undefined : await visibleOr404(db, scope, 'school', schoolId);
      const student = studentId === undefined ? undefined : await visibleOr404(db, scope, 'student', studentId);
      return { series: await seriesOptions(db, scope, { type, school, student }) };
    },
  );

  app.get(
    '/api/series/:id/episodes',
    {
      config: { roles: everyone, record: 'series' },
      schema: {
        tags: ['series'],
        summary: 'Lessons or presentations in order; all=true adds how many records hold each (the editor)',
        params: IdParams,
        querystring: CatalogueListQuery,
        response: { 200: EpisodesResponse },
      },
    },
    async (request) => ({
      episodes: await episodesOf(db, visibleId(request, 'series'), request.query.all === 'true'),
    }),
  );

  app.get(
    '/api/series/:id/decision_options',
    {
      config: { roles: everyone, record: 'series' },
      schema: {
        tags: ['series'],
        summary: "The pickers' active decision options; all=true the editor's: retired ones too, with their uses",
        params: IdParams,
        querystring: CatalogueListQuery,
        response: { 200: DecisionOptionsResponse },
      },
    },
    async (request) => ({
      decision_options: await decisionOptionsOf(db, visibleId(request, 'series'), request.query.all === 'true'),
    }),
  );

  app.get(
    '/api/series/:id/products',
    {
      config: { roles: everyone, record: 'series' },
      schema: {
        tags: ['series'],
        summary: "The pickers' active products; all=true the editor's: retired ones too, with their uses",
        params: IdParams,
        querystring: CatalogueListQuery,
        response: { 200: ProductOffersResponse },
      },
    },
    async (request) => ({
      products: await productOffersOf(db, visibleId(request, 'series'), request.query.all === 'true'),
    }),
  );

  await seriesRecordRoutes(app, { db });
}
