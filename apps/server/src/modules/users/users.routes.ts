import { everyone, schoolAndConferenceAdmins } from '@srs/shared/roles';
import { ShareUsersQuery, ShareUsersResponse, UserListQuery, UserListResponse } from '@srs/shared/users';
import { exportFormatNames, exportFormats } from '@srs/shared/exports';
import { sendExport } from '../../core/csv.ts';
import { paginationOf } from '../../core/lists.ts';
import { requestLanguage } from '../../core/request-language.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { userDetailRoutes } from './user-detail.routes.ts';
import { userWriteRoutes } from './user-writes.routes.ts';
import { userCsv } from './users.csv.ts';
import { listShareUsers, listUsers } from './users.queries.ts';

const userReaders = ['global_admin', ...schoolAndConferenceAdmins] as const;

export async function userRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/users',
    {
      config: { roles: userReaders, userLimit: 'search' },
      schema: { tags: ['users'], querystring: UserListQuery, response: { 200: UserListResponse } },
    },
    async (request) => {
      const { users, total } = await listUsers(db, request.actor.scope, request.query);
      return { users, pagination: paginationOf(request.query, total, users.length) };
    },
  );

  for (const format of exportFormats) {
    app.get(
      `/api/users.${format}`,
      {
        // A HEAD would run the whole export to throw it away (docs/decisions/010).
        exposeHeadRoute: false,
        config: { roles: userReaders, userLimit: 'export' },
        schema: { tags: ['users'], summary: `${exportFormatNames[format]} export of the current filter`, querystring: UserListQuery },
      },
      async (request, reply) => sendExport(format, reply, db, userCsv(request.actor.scope, request.query, requestLanguage(request))),
    );
  }

  app.get(
    '/api/users/share',
    {
      config: { roles: everyone, userLimit: 'search' },
      schema: {
        tags: ['users'],
        summary: 'The staff a student can be shared with',
        querystring: ShareUsersQuery,
        response: { 200: ShareUsersResponse },
      },
    },
    async (request) => ({ users: await listShareUsers(db, request.actor.scope, request.query.query) }),
  );

  await userDetailRoutes(app, { db, env });
  await userWriteRoutes(app, { db, env });
}
