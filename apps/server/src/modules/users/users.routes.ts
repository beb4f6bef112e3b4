import { everyone, schoolAndConferenceAdmins } from '@srs/shared/roles';
import { ShareUsersQuery, ShareUsersResponse, type UserItem, UserListQuery, UserListResponse } from '@srs/shared/users';
import { type CsvColumn, sendCsv } from '../../core/csv.ts';
import { paginationOf } from '../../core/lists.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';
import { userDetailRoutes } from './user-detail.routes.ts';
import { userWriteRoutes } from './user-writes.routes.ts';
import { listShareUsers, listUsers, userBatches } from './users.queries.ts';

const userReaders = ['global_admin', ...schoolAndConferenceAdmins] as const;

const csvColumns: CsvColumn<UserItem>[] = [
  { header: 'First Name', value: (u) => u.first_name },
  { header: 'Last Name', value: (u) => u.last_name },
  { header: 'Email', value: (u) => u.email },
  { header: 'Students', value: (u) => u.students_count },
  {
    header: 'Roles',
    value: (u) =>
      u.roles.map((r) => (r.organization_name ? `${r.role_type} (${r.organization_name})` : r.role_type)).join('; '),
  },
];

export async function userRoutes(app: App, { db, env }: { db: Db; env: Env }) {
  app.get(
    '/api/users',
    {
      config: { roles: userReaders },
      schema: { tags: ['users'], querystring: UserListQuery, response: { 200: UserListResponse } },
    },
    async (request) => {
      const { users, total } = await listUsers(db, request.actor.scope, request.query);
      return { users, pagination: paginationOf(request.query, total, users.length) };
    },
  );

  app.get(
    '/api/users.csv',
    {
      config: { roles: userReaders },
      schema: { tags: ['users'], summary: 'CSV export of the current filter', querystring: UserListQuery },
    },
    async (request, reply) => sendCsv(reply, 'users', csvColumns, userBatches(db, request.actor.scope, request.query)),
  );

  app.get(
    '/api/users/share',
    {
      config: { roles: everyone },
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
