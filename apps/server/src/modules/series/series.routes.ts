import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import {
  DecisionOptionsResponse,
  EpisodesResponse,
  ProductOffersResponse,
  SeriesListQuery,
  SeriesListResponse,
  SeriesSimpleListQuery,
  SeriesSimpleListResponse,
} from '@srs/shared/series';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { paginationOf } from '../../lib/lists.ts';
import { notFound } from '../../plugins/errors.ts';
import type { App } from '../../types.ts';
import {
  decisionOptionsOf,
  episodesOf,
  productOffersOf,
  schoolVisible,
  seriesOptions,
  seriesReadable,
  visibleStudentSchool,
} from './series-lookups.queries.ts';
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
      if (schoolId !== undefined && !(await schoolVisible(db, request.scope, schoolId))) throw notFound('School');
      const studentSchoolId =
        studentId === undefined ? undefined : await visibleStudentSchool(db, request.scope, studentId);
      if (studentSchoolId === null) throw notFound('Student');
      return { series: await seriesOptions(db, request.scope, { type, schoolId, studentSchoolId }) };
    },
  );

  const readableSeries = async (request: FastifyRequest, id: number) => {
    if (!(await seriesReadable(db, request.scope, id))) throw notFound('Series');
    return id;
  };

  app.get(
    '/api/series/:id/episodes',
    {
      config: { roles: everyone },
      schema: { tags: ['series'], params: IdParams, response: { 200: EpisodesResponse } },
    },
    async (request) => ({ episodes: await episodesOf(db, await readableSeries(request, request.params.id)) }),
  );

  app.get(
    '/api/series/:id/decision_options',
    {
      config: { roles: everyone },
      schema: { tags: ['series'], params: IdParams, response: { 200: DecisionOptionsResponse } },
    },
    async (request) => ({
      decision_options: await decisionOptionsOf(db, await readableSeries(request, request.params.id)),
    }),
  );

  app.get(
    '/api/series/:id/products',
    {
      config: { roles: everyone },
      schema: { tags: ['series'], params: IdParams, response: { 200: ProductOffersResponse } },
    },
    async (request) => ({ products: await productOffersOf(db, await readableSeries(request, request.params.id)) }),
  );
}
