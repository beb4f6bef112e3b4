import { IdParams } from '@srs/shared/common';
import { exportFormatNames, exportFormats } from '@srs/shared/exports';
import {
  Interest,
  InterestAssigned,
  InterestAssignInput,
  InterestAssignment,
  InterestAssignmentQuery,
  InterestAssignmentsQuery,
  InterestAssignmentsResponse,
  InterestImportInput,
  InterestImportResponse,
  InterestInput,
  InterestListQuery,
  InterestListResponse,
  InterestStatusInput,
} from '@srs/shared/interests';
import { everyone, globalAdmins } from '@srs/shared/roles';
import { sendExport } from '../../core/csv.ts';
import { csvBodyLimit } from '../../core/csv-read.ts';
import { paginationOf } from '../../core/lists.ts';
import { visibleId } from '../../core/records.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import { type Env, publicUrl } from '../../env.ts';
import type { App } from '../../types.ts';
import { dispatchMail } from '../mail/public.ts';
import { assignInterest, assignmentOf, listUnassigned } from './interest-assignment.ts';
import { applyInterestImport, previewInterestImport } from './interest-import.ts';
import { changeInterestStatus, createInterest, updateInterest } from './interest-writes.ts';
import { interestCsv } from './interests.csv.ts';
import { interestById, listInterests } from './interests.queries.ts';

/**
 * Interest tracking (DOMAIN.md; issue 12), registered only with its flag on (app.ts). The list is
 * read in scope by everyone; its pages, and every change, are the global admins'.
 */
export async function interestRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/interests',
    {
      config: { roles: everyone, userLimit: 'search' },
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

  for (const format of exportFormats) {
    app.get(
      `/api/interests.${format}`,
      {
        // A HEAD would run the whole export to throw it away (docs/decisions/010).
        exposeHeadRoute: false,
        config: { roles: everyone, userLimit: 'export' },
        schema: { tags: ['interests'], summary: `${exportFormatNames[format]} export of the current filter`, querystring: InterestListQuery },
      },
      async (request, reply) => sendExport(format, reply, db, interestCsv(request.actor.scope, request.query, requestLanguage(request))),
    );
  }

  app.post(
    '/api/interests',
    {
      config: { roles: globalAdmins },
      schema: { tags: ['interests'], summary: 'An interest typed in by hand', body: InterestInput, response: { 201: Interest } },
    },
    async (request, reply) => reply.code(201).send(await createInterest(db, request.actor, request.body)),
  );

  app.post(
    '/api/interests/import',
    {
      // The file's text: the same limit as a file in a multipart body (csv-read.ts).
      bodyLimit: csvBodyLimit,
      config: {
        roles: globalAdmins,
        userLimit: 'import',
        // Besides the file, a multipart body has two short fields: dry_run and preview_token.
        multipartOptions: { limits: { fields: 4, fieldSize: 1_000 } },
      },
      schema: {
        tags: ['interests'],
        summary: 'Interests from a CSV whose first line names the columns (JSON or multipart): dry_run previews, then confirm',
        body: InterestImportInput,
        response: { 200: InterestImportResponse },
      },
    },
    async (request) =>
      request.body.dry_run
        ? previewInterestImport(db, request.body.file)
        : applyInterestImport(db, request.actor, request.body.file, request.body.preview_token),
  );

  app.get(
    '/api/interests/assignments',
    {
      config: { roles: globalAdmins, userLimit: 'search' },
      schema: {
        tags: ['interests'],
        summary: 'Interests not assigned yet, each with its first suggested school',
        querystring: InterestAssignmentsQuery,
        response: { 200: InterestAssignmentsResponse },
      },
    },
    async (request) => {
      const { interests, total } = await listUnassigned(db, request.actor.scope, request.query);
      return { interests, pagination: paginationOf(request.query, total, interests.length) };
    },
  );

  app.get(
    '/api/interests/:id',
    {
      config: { roles: everyone, record: 'interest' },
      schema: { tags: ['interests'], summary: 'One interest', params: IdParams, response: { 200: Interest } },
    },
    async (request) => interestById(db, visibleId(request, 'interest')),
  );

  app.put(
    '/api/interests/:id',
    {
      config: { roles: globalAdmins, record: 'interest' },
      schema: { tags: ['interests'], summary: 'Correct an interest', params: IdParams, body: InterestInput, response: { 200: Interest } },
    },
    async (request) => updateInterest(db, request.actor, visibleId(request, 'interest'), request.body),
  );

  app.post(
    '/api/interests/:id/status',
    {
      config: { roles: globalAdmins, record: 'interest' },
      schema: {
        tags: ['interests'],
        summary: 'Mark an interest contacted or enrolled, close it with a reason, or reopen it',
        params: IdParams,
        body: InterestStatusInput,
        response: { 200: Interest },
      },
    },
    async (request) => changeInterestStatus(db, request.actor, visibleId(request, 'interest'), request.body),
  );

  app.get(
    '/api/interests/:id/assignment',
    {
      config: { roles: globalAdmins, record: 'interest' },
      schema: {
        tags: ['interests'],
        summary: 'What assigning an interest shows: the suggested schools and the likely duplicate students',
        params: IdParams,
        querystring: InterestAssignmentQuery,
        response: { 200: InterestAssignment },
      },
    },
    async (request) => assignmentOf(db, request.actor.scope, visibleId(request, 'interest'), request.query.series_id),
  );

  app.post(
    '/api/interests/:id/assign',
    {
      config: { roles: globalAdmins, record: 'interest' },
      schema: {
        tags: ['interests'],
        summary: 'Assign an interest: a new student in the school (or the existing one chosen) and its enrollment, in one transaction',
        params: IdParams,
        body: InterestAssignInput,
        response: { 200: InterestAssigned },
      },
    },
    async (request) => {
      const { assigned, outboxIds } = await assignInterest(db, request.actor, visibleId(request, 'interest'), request.body, {
        baseUrl: publicUrl(env),
        addedBy: request.user,
      });
      await dispatchMail(app, request.log, outboxIds);
      return assigned;
    },
  );
}
