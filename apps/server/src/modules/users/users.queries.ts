import type { UserItem, UserListQuery } from '@srs/shared/users';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../lib/lists.ts';
import { type Scope, visibleStudent, visibleUser } from '../../plugins/scope.ts';
import { loadRoles } from './current-user.queries.ts';

type Row = Omit<UserItem, 'roles'>;

function userFilter(scope: Scope, query: UserListQuery) {
  return and([
    visibleUser(scope),
    sql`u.active`,
    query.role !== undefined &&
      sql`exists (select 1 from roles r2 where r2.user_id = u.id and r2.role_type = ${query.role})`,
    query.school_id !== undefined &&
      sql`exists (select 1 from roles r3 where r3.user_id = u.id and r3.school_id = ${query.school_id})`,
    ...searchWords(undefined, query.query).map(
      (word) => sql`(lower(u.first_name || ' ' || u.last_name) like ${word} or lower(u.email) like ${word})`,
    ),
  ]);
}

const userColumns = (scope: Scope) => sql`u.id, u.first_name, u.last_name, u.email,
  (select count(*)::int from students s where s.instructor_id = u.id and ${visibleStudent(scope)}) as students_count`;

export async function listUsers(db: DbOrTx, scope: Scope, query: UserListQuery) {
  const where = userFilter(scope, query);
  const { limit, offset } = pageWindow(query);
  const order = orderBy(
    {
      name: [sql`u.last_name`, sql`u.first_name`],
      email: [sql`lower(u.email)`],
      students_count: [sql`students_count`],
    },
    query.sortBy,
    query.orderBy,
    sql`u.id`,
  );
  const [found, [count]] = await Promise.all([
    rows<Row>(
      db.execute(
        sql`select ${userColumns(scope)} from users u where ${where} order by ${order} limit ${limit} offset ${offset}`,
      ),
    ),
    rows<{ total: number }>(db.execute(sql`select count(*)::int as total from users u where ${where}`)),
  ]);
  return { users: await withRoles(db, found), total: count?.total ?? 0 };
}

export async function* userBatches(db: DbOrTx, scope: Scope, query: UserListQuery) {
  const found = await rows<Row>(
    db.execute(
      sql`select ${userColumns(scope)} from users u where ${userFilter(scope, query)} order by u.last_name, u.first_name, u.id`,
    ),
  );
  yield await withRoles(db, found);
}

async function withRoles(db: DbOrTx, found: Row[]): Promise<UserItem[]> {
  const roles = await loadRoles(
    db,
    found.map((user) => user.id),
  );
  return found.map((user) => ({ ...user, roles: roles.get(user.id) ?? [] }));
}
