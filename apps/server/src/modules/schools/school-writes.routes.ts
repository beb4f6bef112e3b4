import { IdParams } from '@srs/shared/common';
import { admins } from '@srs/shared/roles';
import {
  BulkZipImportInput,
  BulkZipImportResponse,
  ClaimedZipInput,
  ClaimedZipsResponse,
  SchoolCreateInput,
  SchoolDetail,
  SchoolUpdateInput,
  SeriesOffered,
  SeriesOfferedInput,
} from '@srs/shared/schools';
import type { FastifyRequest } from 'fastify';
import { csvBodyLimit } from '../../core/csv-read.ts';
import { visibleId, visibleOr404 } from '../../core/records.ts';
import type { Db } from '../../db/client.ts';
import type { App } from '../../types.ts';
import { applyZipImport, previewZipImport } from './bulk-zips.ts';
import { changeClaimedZips } from './claimed-zips.ts';
import { createSchoolRoles, schoolRules } from './school-rules.ts';
import { createSchool, deleteSchool, updateSchool } from './school-writes.ts';
import { schoolDetail } from './school-detail.ts';
import { offerSeries, stopOffering } from './series-offered.ts';

/** The school's writes: create, edit, delete, its claimed zips, and what it offers. */
export async function schoolWriteRoutes(app: App, { db }: { db: Db }) {
  const detailOf = async (request: FastifyRequest, id: number) =>
    schoolDetail(db, request, await visibleOr404(db, request.actor.scope, 'school', id));

  app.post(
    '/api/schools',
    {
      config: { roles: createSchoolRoles },
      schema: { tags: ['schools'], summary: 'Create a school', body: SchoolCreateInput, response: { 201: SchoolDetail } },
    },
    async (request, reply) => {
      const id = await createSchool(db, request.actor, request.body);
      return reply.code(201).send(await detailOf(request, id));
    },
  );

  app.put(
    '/api/schools/:id',
    {
      config: { roles: schoolRules.update.roles, record: 'school' },
      schema: {
        tags: ['schools'],
        summary: 'Edit a school; its code and conference are for global admins',
        params: IdParams,
        body: SchoolUpdateInput,
        response: { 200: SchoolDetail },
      },
    },
    async (request) => {
      const id = visibleId(request, 'school');
      await updateSchool(db, request.actor, id, request.body);
      return schoolDetail(db, request, id);
    },
  );

  app.delete(
    '/api/schools/:id',
    {
      config: { roles: schoolRules.destroy.roles, record: 'school' },
      schema: { tags: ['schools'], summary: 'Delete a school that holds no students', params: IdParams },
    },
    async (request, reply) => {
      await deleteSchool(db, request.actor, visibleId(request, 'school'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/schools/:id/claimed_zips',
    {
      config: { roles: schoolRules.claim_zips.roles, record: 'school' },
      schema: {
        tags: ['schools'],
        summary: 'Claim a zip ({ zip_code }) or give one up ({ id, _destroy: true })',
        params: IdParams,
        body: ClaimedZipInput,
        response: { 200: ClaimedZipsResponse },
      },
    },
    async (request) => ({
      claimed_zips: await changeClaimedZips(db, request.actor, visibleId(request, 'school'), request.body),
    }),
  );

  app.post(
    '/api/schools/bulk_import_zips',
    {
      // The file's text: the same limit as a file in a multipart body (csv-read.ts).
      bodyLimit: csvBodyLimit,
      config: {
        roles: admins,
        userLimit: 'import',
        // Besides the file, a multipart body has two short fields: dry_run and preview_token.
        multipartOptions: { limits: { fields: 4, fieldSize: 1_000 } },
      },
      schema: {
        tags: ['schools'],
        summary: 'Claim zips from a CSV of school_code,zip_code (JSON or multipart): dry_run previews, then confirm',
        body: BulkZipImportInput,
        response: { 200: BulkZipImportResponse },
      },
    },
    async (request) =>
      request.body.dry_run
        ? previewZipImport(db, request.actor, request.body.file)
        : applyZipImport(db, request.actor, request.body.file, request.body.preview_token),
  );

  app.post(
    '/api/series_offered',
    {
      config: { roles: schoolRules.offer_series.roles },
      schema: {
        tags: ['schools'],
        summary: 'A school offers a course, or takes part in a seminar',
        body: SeriesOfferedInput,
        response: { 201: SeriesOffered },
      },
    },
    async (request, reply) => reply.code(201).send(await offerSeries(db, request.actor, request.body)),
  );

  app.delete(
    '/api/series_offered/:id',
    {
      config: {
        roles: schoolRules.offer_series.roles,
        record: { none: "a series_offered row: the handler checks its school's scope (404) and rule (403)" },
      },
      schema: {
        tags: ['schools'],
        summary: "Stop offering: its students' enrollments in it become orphaned, history kept",
        params: IdParams,
      },
    },
    async (request, reply) => {
      await stopOffering(db, request.actor, request.params.id);
      return reply.code(204).send();
    },
  );
}
