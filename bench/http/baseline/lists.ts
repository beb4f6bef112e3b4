// The other lists the bench measures, as the app answers them: the follow-up list
// (enrollments.queries.ts), courses and seminars (series.queries.ts) and the instructors
// (users.queries.ts); the student list is in student-list.ts. Each WHERE is written per statement
// (placeholders are numbered per statement), and a page and its count run in parallel, as in the app.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BaselineScope } from '../tokens.ts';
import { capped, cappedCountSql, keysetPage, pageWindow, pagination, searchWords } from './keyset.ts';
import { pageQuery, type Query, text } from './list-query.ts';
import {
  followupReason,
  needsFollowup,
  Params,
  type Pool,
  person,
  query,
  scopeOf,
  visibleSeries,
  studentRowVisible,
  visibleUser,
} from './sql.ts';
import { listStudents } from './student-list.ts';

type FollowupRow = Record<string, unknown> & { page_key: (string | number | null)[] };

/** The app's `partsNeedingFollowup`: each administered school one range, own and shared students. */
function partsNeedingFollowup(scope: BaselineScope, p: Params, keyed: { where: () => string; order: string }, limit: number) {
  const parts = [
    ...scope.adminSchoolIds.map((id) => () => `e.school_id = ${p.add(id)}`),
    () => `e.student_id in (select vs.id from students vs where vs.instructor_id = ${p.add(scope.userId)})`,
    () => `e.student_id in (select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)})`,
  ];
  return parts
    .map(
      (part) => `(select e.id, coalesce(e.cached_latest_followup_date, e.started_on) as followup_key from enrollments e
      where ${part()} and ${needsFollowup(p)} and ${keyed.where()} order by ${keyed.order} limit ${p.add(limit)})`,
    )
    .join(' union ');
}

async function listNeedingFollowup(pool: Pool, scope: BaselineScope, q: Query) {
  const window = pageQuery(q);
  const keys = [{ expr: 'coalesce(e.cached_latest_followup_date, e.started_on)' }, { expr: 'e.id' }];
  const p = new Params();
  const page = keysetPage(p, window, keys, 'asc');
  // Its placeholders are of the query it goes into (the reason's day and days).
  const select = (q: Params) => `
        select e.id, s.id as student_id, s.first_name as student_first_name, s.last_name as student_last_name,
          se.id as series_id, se.name as series_name, se.type as series_type,
          i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
          e.status, e.cached_latest_followup_date::text as cached_latest_followup_date,
          coalesce(e.cached_latest_followup_date, e.started_on)::text as last_followup_date,
          ${followupReason(q)} as followup_reason, ${page.key} as page_key
        from enrollments e join students s on s.id = e.student_id join series se on se.id = e.series_id
          left join users i on i.id = s.instructor_id`;
  let found: FollowupRow[];
  let count: { total: number } | undefined;
  if (scope.all) {
    const c = new Params();
    [found, [count]] = await Promise.all([
      query<FollowupRow>(
        pool,
        `${select(p)} where ${needsFollowup(p)} and ${page.where()} order by ${page.order} limit ${page.limit()} offset ${page.offset()}`,
        p,
      ),
      query<{ total: number }>(pool, cappedCountSql('from enrollments e', needsFollowup(c), c), c),
    ]);
  } else {
    const wanted = window.per_page + 1 + (window.after || window.before ? 0 : (window.page - 1) * window.per_page);
    const i = new Params();
    const inner = keysetPage(i, window, keys, 'asc');
    const merged = keysetPage(i, window, [{ expr: 'm.followup_key' }, { expr: 'm.id' }], 'asc');
    const c = new Params();
    const open = { where: () => 'true', order: inner.order };
    const [ids, counted] = await Promise.all([
      query<{ id: number }>(
        pool,
        `select m.id from (${partsNeedingFollowup(scope, i, inner, wanted)}) m order by ${merged.order} limit ${merged.limit()} offset ${merged.offset()}`,
        i,
      ),
      query<{ total: number }>(pool, `select count(*)::int as total from (${partsNeedingFollowup(scope, c, open, 1001)}) m`, c),
    ]);
    const byIds = new Params();
    found = await query<FollowupRow>(
      pool,
      `${select(byIds)} where e.id = any(${byIds.add(ids.map((row) => Number(row.id)))}::bigint[]) order by ${page.order}`,
      byIds,
    );
    count = counted[0];
  }
  const total = capped(Number(count?.total ?? 0));
  const { rows, ...cursors } = page.finish(found);
  const enrollments = rows.map((row) => ({
    id: row.id,
    student: { id: row.student_id, first_name: row.student_first_name, last_name: row.student_last_name },
    series: { id: row.series_id, name: row.series_name, type: row.series_type },
    instructor: person(
      row.instructor_id as number | null,
      row.instructor_first_name as string | null,
      row.instructor_last_name as string | null,
    ),
    status: row.status,
    cached_latest_followup_date: row.cached_latest_followup_date,
    last_followup_date: row.last_followup_date,
    followup_reason: row.followup_reason,
  }));
  return {
    enrollments,
    pagination: pagination(window, total.total, enrollments.length, { total_capped: total.capped, ...cursors }),
  };
}

/** The app's `studentsCount` (series.queries.ts): kept counts of administered schools, the rest counted. */
function studentsCount(scope: BaselineScope, p: Params): string {
  const kept = (schools: string) =>
    `(select coalesce(sum(c.students), 0)::int from series_school_students c where c.series_id = se.id and ${schools})`;
  if (scope.all) return kept('true');
  const admin = () => `any(${p.add(scope.adminSchoolIds)}::bigint[])`;
  return `(${kept(`c.school_id = ${admin()}`)} + (select count(distinct e.student_id)::int from enrollments e
    where e.series_id = se.id and not coalesce(e.school_id = ${admin()}, false) and e.student_id in (
      select vs.id from students vs where vs.instructor_id = ${p.add(scope.userId)}
      union all select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)})))`;
}

/** ORDER BY of the offset-paged lists (core/lists.ts `orderBy`): every column nulls last. */
const orderBy = (columns: string[], direction: string | undefined) =>
  columns.map((column) => `${column} ${direction === 'desc' ? 'desc nulls last' : 'asc nulls last'}`).join(', ');

async function listSeries(pool: Pool, scope: BaselineScope, q: Query) {
  const window = pageQuery(q);
  const type = text(q, 'type') ?? 'Course';
  const where = (p: Params) =>
    [
      `se.type = ${p.add(type)}`,
      visibleSeries(scope, p),
      ...searchWords(undefined, text(q, 'query')).map((word) => `lower(se.name) like ${p.add(word)}`),
    ].join(' and ');
  const columns: Record<string, string[]> = {
    name: ['se.name'],
    students_count: ['students_count'],
    priority: ['se.priority', 'se.name'],
  };
  const { limit, offset } = pageWindow(window);
  const p = new Params();
  const pageSql = `
        select se.id, se.type, se.name, se.priority,
          ${studentsCount(scope, p)} as students_count,
          (select count(*)::int from episodes ep where ep.series_id = se.id) as episodes_count,
          sc.id as school_id, sc.school_code, sc.church_name
        from series se left join schools sc on sc.id = se.school_id
        where ${where(p)}
        order by ${orderBy([...(columns[text(q, 'sortBy') ?? 'name'] ?? ['se.name']), 'se.id'], text(q, 'orderBy'))}
        limit ${p.add(limit)} offset ${p.add(offset)}`;
  const c = new Params();
  const [found, [count]] = await Promise.all([
    query<Record<string, unknown>>(pool, pageSql, p),
    query<{ total: number }>(pool, `select count(*)::int as total from series se where ${where(c)}`, c),
  ]);
  const items = found.map(({ school_id, school_code, church_name, ...item }) => ({
    ...item,
    school:
      school_id === null ? null : { id: school_id, school_code: school_code ?? '', church_name: church_name ?? '' },
  }));
  const paging = pagination(window, count?.total ?? 0, items.length);
  return type === 'Course' ? { courses: items, pagination: paging } : { seminars: items, pagination: paging };
}

type RoleRow = {
  id: number;
  user_id: number;
  role_type: string;
  conference_id: number | null;
  school_id: number | null;
  conference_name: string | null;
  school_name: string | null;
};

/** The app's `loadRoles` (auth/current-user.ts): the roles of many users in one query. */
async function rolesOf(pool: Pool, userIds: number[]) {
  const byUser = new Map<number, unknown[]>();
  if (userIds.length === 0) return byUser;
  const p = new Params();
  const found = await query<RoleRow>(
    pool,
    `select roles.id, roles.user_id, roles.role_type, roles.conference_id, roles.school_id, conferences.name as conference_name,
       case when schools.id is null then null else '(#' || schools.school_code || ') ' || schools.church_name end as school_name
     from roles left join conferences on conferences.id = roles.conference_id left join schools on schools.id = roles.school_id
     where roles.user_id in ${p.list(userIds)} order by roles.id`,
    p,
  );
  for (const row of found) {
    const role = {
      id: row.id,
      role_type: row.role_type,
      organization_type: row.school_id ? 'School' : row.conference_id ? 'Conference' : null,
      organization_id: row.school_id ?? row.conference_id ?? null,
      organization_name: row.school_name ?? row.conference_name ?? null,
    };
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), role]);
  }
  return byUser;
}

async function listUsers(pool: Pool, scope: BaselineScope, q: Query) {
  const window = pageQuery(q);
  const role = text(q, 'role');
  const schoolId = text(q, 'school_id');
  const where = (p: Params) =>
    [
      visibleUser(scope, p),
      'u.active',
      ...(role !== undefined
        ? [`exists (select 1 from roles r2 where r2.user_id = u.id and r2.role_type = ${p.add(role)})`]
        : []),
      ...(schoolId !== undefined
        ? [`exists (select 1 from roles r3 where r3.user_id = u.id and r3.school_id = ${p.add(Number(schoolId))})`]
        : []),
      ...searchWords(undefined, text(q, 'query')).map(
        (word) =>
          `(lower(u.first_name || ' ' || u.last_name) like ${p.add(word)} or lower(u.email) like ${p.add(word)})`,
      ),
    ].join(' and ');
  const columns: Record<string, string[]> = {
    name: ['u.last_name', 'u.first_name'],
    email: ['lower(u.email)'],
    students_count: ['students_count'],
  };
  const { limit, offset } = pageWindow(window);
  const p = new Params();
  const order = orderBy([...(columns[text(q, 'sortBy') ?? 'name'] ?? ['u.last_name']), 'u.id'], text(q, 'orderBy'));
  const pageSql = `select u.id, u.first_name, u.last_name, u.email,
  (select count(*)::int from students s where s.instructor_id = u.id and ${studentRowVisible(scope, p, 's')}) as students_count
  from users u where ${where(p)} order by ${order} limit ${p.add(limit)} offset ${p.add(offset)}`;
  const c = new Params();
  const [found, [count]] = await Promise.all([
    query<{ id: number }>(pool, pageSql, p),
    query<{ total: number }>(pool, `select count(*)::int as total from users u where ${where(c)}`, c),
  ]);
  const roles = await rolesOf(
    pool,
    found.map((user) => user.id),
  );
  const users = found.map((user) => ({ ...user, roles: roles.get(user.id) ?? [] }));
  return { users, pagination: pagination(window, count?.total ?? 0, users.length) };
}

type Lister = (pool: Pool, scope: BaselineScope, q: Query) => Promise<unknown>;
const route = (pool: Pool, lister: Lister) => (request: FastifyRequest) =>
  lister(pool, scopeOf(request), request.query as Query);

export function listRoutes(app: FastifyInstance, pool: Pool) {
  app.get('/api/students', route(pool, listStudents));
  app.get('/api/enrollments/needing_followup', route(pool, listNeedingFollowup));
  app.get('/api/series', route(pool, listSeries));
  app.get('/api/users', route(pool, listUsers));
}
