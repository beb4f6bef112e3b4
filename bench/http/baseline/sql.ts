// The baseline's SQL: plain text with numbered parameters on a node-postgres Pool, no ORM.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { type BaselineScope, scopeHeader } from '../tokens.ts';

// The same type parsing as the app (apps/server/src/db/client.ts): int8 as a number, dates as text.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);

export type Pool = pg.Pool;

/**
 * BENCH_BASELINE_PREPARED=1 prepares every statement (named by its text, planned once per
 * connection) as the app prepares its lookups by id: to see how much of a ratio that is. By
 * default the baseline is bare: node-postgres' unnamed statements, planned every time.
 */
const preparedStatements = process.env.BENCH_BASELINE_PREPARED === '1';

export const openPool = (url: string, max: number) =>
  new pg.Pool({
    connectionString: url,
    max,
    ...(preparedStatements ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
  });

/** Parameters of one statement: `add(value)` answers its placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  list(values: readonly number[]): string {
    return values.length === 0 ? '(null)' : `(${values.map((value) => this.add(value)).join(', ')})`;
  }
}

export async function query<T>(pool: Pool, text: string, params: Params | unknown[] = []): Promise<T[]> {
  const values = params instanceof Params ? params.values : params;
  if (preparedStatements) {
    const name = `b_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    return (await pool.query({ name, text, values })).rows as T[];
  }
  return (await pool.query(text, values)).rows as T[];
}

/** The scope the bench sends (the baseline has no sign-in: the bench resolved it with the app's code). */
export function scopeOf(request: FastifyRequest): BaselineScope {
  const header = request.headers[scopeHeader];
  if (typeof header !== 'string')
    return { userId: 0, all: true, adminSchoolIds: [], conferenceIds: [], memberSchoolIds: [] };
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as BaselineScope;
}

/** The app's `visibleStudent` (core/scope.ts) as text. */
export function visibleStudent(scope: BaselineScope, p: Params, student = 's'): string {
  if (scope.all) return 'true';
  return `${student}.id in (
    select vs.id from students vs where vs.school_id in ${p.list(scope.adminSchoolIds)}
    union all select vs.id from students vs where vs.instructor_id = ${p.add(scope.userId)}
    union all select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)})`;
}

/** The app's `visibleSeries` (core/scope.ts) as text. */
export function visibleSeries(scope: BaselineScope, p: Params): string {
  if (scope.all) return 'true';
  return `(se.school_id in ${p.list(scope.memberSchoolIds)}
    or exists (select 1 from series_offered so where so.series_id = se.id and so.school_id in ${p.list(scope.memberSchoolIds)}))`;
}

/** The app's `visibleUser` (core/scope.ts) as text. */
export function visibleUser(scope: BaselineScope, p: Params): string {
  if (scope.all) return 'true';
  return `u.id in (select ${p.add(scope.userId)}::bigint
    union all select r.user_id from roles r where r.school_id in ${p.list(scope.adminSchoolIds)}
    union all select r.user_id from roles r where r.conference_id in ${p.list(scope.conferenceIds)})`;
}

/** The app's `studentRowVisible` (core/scope.ts): the scope on a row's school, instructor and id. */
export function studentRowVisible(scope: BaselineScope, p: Params, alias: string, id = 'id'): string {
  if (scope.all) return 'true';
  return `(${alias}.school_id in ${p.list(scope.adminSchoolIds)} or ${alias}.instructor_id = ${p.add(scope.userId)}
    or ${alias}.${id} in (select ss.student_id from student_shares ss where ss.user_id = ${p.add(scope.userId)}))`;
}

/** Today in the server's zone, as the app's `today()` (core/csv.ts). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The app's `needsFollowupSql` (enrollment-caches.ts) with FOLLOWUP_DAYS' default of 30. */
export function needsFollowup(p: Params, days = 30): string {
  return `(e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned and (
    coalesce(e.cached_latest_followup_date, e.started_on) < ${p.add(today())}::date - ${p.add(days)}::int
    or e.cached_next_reminder_date <= ${p.add(today())}::date))`;
}

/** The app's `followupReasonSql` (enrollment-caches.ts): why `e` needs follow-up, as JSON, or null. */
export function followupReason(p: Params, days = 30): string {
  const day = `${p.add(today())}::date`;
  return `(case when ${needsFollowup(p, days)} then case
    when e.cached_next_reminder_date <= ${day} then json_build_object('kind', 'reminder_due',
      'date', e.cached_next_reminder_date::text, 'days', ${day} - e.cached_next_reminder_date)
    when e.cached_latest_followup_date is null then json_build_object('kind', 'no_contact_since_start',
      'days', ${day} - e.started_on)
    else json_build_object('kind', 'no_contact', 'days', ${day} - e.cached_latest_followup_date) end end)`;
}

export const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, first_name: first ?? '', last_name: last ?? '' };

/** `a[]=1&a[]=2` as `{ a: ['1', '2'] }`, a repeated name as an array too. */
export function bracketQuery(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const key = name.endsWith('[]') ? name.slice(0, -2) : name;
    const existing = result[key];
    if (name.endsWith('[]') || existing !== undefined) {
      result[key] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), value];
    } else result[key] = value;
  }
  return result;
}
