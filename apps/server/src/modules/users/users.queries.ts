import type { ShareUser, UserItem, UserListQuery } from '@srs/shared/users';
import { type SQL, sql } from 'drizzle-orm';
import { loadRoles } from '../../auth/current-user.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import { type Scope, sqlIdList, studentRowVisible, visibleUser } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<UserItem, 'roles'>;

const nameOrEmail = (word: string) =>
  sql`(lower(u.first_name || ' ' || u.last_name) like ${word} or lower(u.email) like ${word})`;

/** The WHERE of the user list: the user's scope, active users, the list's filters. */
export function userFilter(scope: Scope, query: UserListQuery) {
  return and([
    visibleUser(scope),
    sql`u.active`,
    query.role !== undefined &&
      sql`exists (select 1 from roles r2 where r2.user_id = u.id and r2.role_type = ${query.role})`,
    query.school_id !== undefined &&
      sql`exists (select 1 from roles r3 where r3.user_id = u.id and r3.school_id = ${query.school_id})`,
    ...searchWords(undefined, query.query).map(nameOrEmail),
  ]);
}

const userColumns = (scope: Scope) => sql`u.id, u.first_name, u.last_name, u.email,
  (select count(*)::int from students s where s.instructor_id = u.id and ${studentRowVisible(scope, 's')}) as students_count`;

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

async function withRoles(db: DbOrTx, found: Row[]): Promise<UserItem[]> {
  const roles = await loadRoles(
    db,
    found.map((user) => user.id),
  );
  return found.map((user) => ({ ...user, roles: roles.get(user.id) ?? [] }));
}

/**
 * The staff a student can be shared with: active users other than me with a role in a school I
 * belong to (a conference admin belongs to the schools of their conferences); for global admins,
 * every active user with a role.
 */
function shareableUser(scope: Scope): SQL {
  const inMySchools = scope.all ? sql`true` : sql`r.school_id in ${sqlIdList(scope.memberSchoolIds)}`;
  return sql`(u.active and u.id <> ${scope.userId}
    and exists (select 1 from roles r where r.user_id = u.id and ${inMySchools}))`;
}

/** GET /users/share: by last and first name, at most 100. */
export async function listShareUsers(db: DbOrTx, scope: Scope, query: string | undefined): Promise<ShareUser[]> {
  const where = and([shareableUser(scope), ...searchWords(undefined, query).map(nameOrEmail)]);
  const found = await rows<Omit<ShareUser, 'roles'>>(
    db.execute(sql`select u.id, u.first_name, u.last_name, u.email from users u
      where ${where} order by u.last_name, u.first_name, u.id limit 100`),
  );
  const roles = await loadRoles(
    db,
    found.map((user) => user.id),
  );
  return found.map((user) => ({ ...user, roles: roles.get(user.id) ?? [] }));
}

/** Those of `userIds` that GET /users/share would offer this user. */
export async function shareableUsersAmong(db: DbOrTx, scope: Scope, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const found = await rows<{ id: number }>(
    db.execute(sql`select u.id from users u where u.id in ${sqlIdList(userIds)} and ${shareableUser(scope)}`),
  );
  return found.map((user) => user.id);
}
