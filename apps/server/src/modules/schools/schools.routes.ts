import { IdParams } from '@srs/shared/common';
import { admins, everyone } from '@srs/shared/roles';
import {
  ConferencesResponse,
  SchoolDetail,
  SchoolListQuery,
  SchoolListResponse,
  SchoolSimpleListResponse,
} from '@srs/shared/schools';
import { exportFormatNames, exportFormats } from '@srs/shared/exports';
import { sendExport } from '../../core/csv.ts';
import { paginationOf } from '../../core/lists.ts';
import { visibleId } from '../../core/records.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { schoolDetail } from './school-detail.ts';
import { schoolReaders } from './school-rules.ts';
import { schoolTabRoutes } from './school-tabs.routes.ts';
import { schoolWriteRoutes } from './school-writes.routes.ts';
import { schoolCsv } from './schools.csv.ts';
import { conferenceOptions, listSchools, schoolOptions } from './schools.queries.ts';

export async function schoolRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/schools',
    {
      config: { roles: schoolReaders, userLimit: 'search' },
      schema: { tags: ['schools'], querystring: SchoolListQuery, response: { 200: SchoolListResponse } },
    },
    async (request) => {
      const { schools, total } = await listSchools(db, request.actor.scope, request.query);
      return { schools, pagination: paginationOf(request.query, total, schools.length) };
    },
  );

  for (const format of exportFormats) {
    app.get(
      `/api/schools.${format}`,
      {
        // A HEAD would run the whole export to throw it away (docs/decisions/010).
        exposeHeadRoute: false,
        config: { roles: schoolReaders, userLimit: 'export' },
        schema: { tags: ['schools'], summary: `${exportFormatNames[format]} export of the current filter`, querystring: SchoolListQuery },
      },
      async (request, reply) => sendExport(format, reply, db, schoolCsv(request.actor.scope, request.query, requestLanguage(request))),
    );
  }

  app.get(
    '/api/schools/simple_list',
    {
      // Instructors place new students by hand in their own schools too: the scope limits the list.
      config: { roles: everyone },
      schema: { tags: ['schools'], summary: 'Schools for pickers', response: { 200: SchoolSimpleListResponse } },
    },
    async (request) => ({ schools: await schoolOptions(db, request.actor.scope) }),
  );

  app.get(
    '/api/schools/:id',
    {
      config: { roles: everyone, record: 'school' },
      schema: {
        tags: ['schools'],
        summary: 'One school (the manual new-student path reads its head school admin)',
        params: IdParams,
        response: { 200: SchoolDetail },
      },
    },
    async (request) => schoolDetail(db, request, visibleId(request, 'school')),
  );

  app.get(
    '/api/conferences',
    {
      config: { roles: admins },
      schema: { tags: ['schools'], summary: 'Conferences for the school form', response: { 200: ConferencesResponse } },
    },
    async (request) => ({ conferences: await conferenceOptions(db, request.actor.scope) }),
  );

  await schoolTabRoutes(app, { db, env });
  await schoolWriteRoutes(app, { db });
}
