import { IdParams } from '@srs/shared/common';
import { everyone } from '@srs/shared/roles';
import {
  SeriesCreateInput,
  SeriesDetail,
  SeriesSchoolsResponse,
  SeriesSimpleShow,
  SeriesUpdateInput,
} from '@srs/shared/series';
import type { FastifyRequest } from 'fastify';
import { type Visible, visibleId, visibleOr404 } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { findSeries, seriesSchools, seriesSimpleShow } from './series-detail.queries.ts';
import { seriesPermissions, seriesRules } from './series-rules.ts';
import { createSeries, deleteSeries, updateSeries } from './series.service.ts';

/** One series (a course or a seminar): its detail, its schools, and its writes (both types). */
export async function seriesRecordRoutes(app: App, { db }: { db: Db }) {
  const detail = async (request: FastifyRequest, id: Visible<'series'>): Promise<SeriesDetail> => {
    const { facts, ...series } = await findSeries(db, request.actor.scope, id);
    return { ...series, permissions: seriesPermissions(request.user, request.actor, facts) };
  };

  app.get(
    '/api/series/:id',
    {
      config: { roles: everyone, record: 'series' },
      schema: {
        tags: ['series'],
        summary: 'A course or a seminar, with the students the user may see in it by status',
        params: IdParams,
        response: { 200: SeriesDetail },
      },
    },
    async (request) => detail(request, visibleId(request, 'series')),
  );

  app.get(
    '/api/series/:id/simple_show',
    {
      config: { roles: everyone, record: 'series' },
      schema: { tags: ['series'], params: IdParams, response: { 200: SeriesSimpleShow } },
    },
    async (request) => seriesSimpleShow(db, visibleId(request, 'series')),
  );

  app.get(
    '/api/series/:id/schools',
    {
      config: { roles: everyone, record: 'series' },
      schema: {
        tags: ['series'],
        summary: 'The schools the user sees that offer the series (or hold a seminar)',
        params: IdParams,
        response: { 200: SeriesSchoolsResponse },
      },
    },
    async (request) => ({ schools: await seriesSchools(db, request.actor.scope, visibleId(request, 'series')) }),
  );

  app.post(
    '/api/series',
    {
      config: { roles: seriesRules.create.roles },
      schema: {
        tags: ['series'],
        summary: 'Create a course (global admins) or a seminar held by a school the user administers',
        body: SeriesCreateInput,
        response: { 201: SeriesDetail },
      },
    },
    async (request, reply) => {
      const id = await createSeries(db, request.actor, request.body);
      return reply.code(201).send(await detail(request, await visibleOr404(db, request.actor.scope, 'series', id)));
    },
  );

  app.put(
    '/api/series/:id',
    {
      config: { roles: seriesRules.update.roles, record: 'series' },
      schema: {
        tags: ['series'],
        summary: 'Update a series and, in order, its lessons or presentations, decision options and products',
        params: IdParams,
        body: SeriesUpdateInput,
        response: { 200: SeriesDetail },
      },
    },
    async (request) => {
      const id = visibleId(request, 'series');
      await updateSeries(db, request.actor, id, request.body);
      return detail(request, id);
    },
  );

  app.delete(
    '/api/series/:id',
    {
      config: { roles: seriesRules.destroy.roles, record: 'series' },
      schema: {
        tags: ['series'],
        summary: 'Delete a series; refused while enrollments hold it',
        params: IdParams,
      },
    },
    async (request, reply) => {
      await deleteSeries(db, request.actor, visibleId(request, 'series'));
      return reply.code(204).send();
    },
  );
}
