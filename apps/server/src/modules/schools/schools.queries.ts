import type { PersonRef } from '@srs/shared/common';
import type { ClaimedZip, School, SchoolListQuery, SchoolOption } from '@srs/shared/schools';
import { sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, sqlIdList, visibleSchool } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<School, 'conference' | 'courses' | 'head_school_admin'> & {
  conference_id: number;
  conference_name: string;
};

const schoolColumns = sql`sc.id, sc.school_code, sc.church_name, sc.active,
  sc.school_address, sc.school_address_2, sc.school_city, sc.school_state, sc.school_country, sc.school_zip_code,
  sc.church_address, sc.church_address_2, sc.church_city, sc.church_state, sc.church_country, sc.church_zip_code,
  sc.head_school_admin_id, c.id as conference_id, c.name as conference_name,
  (select count(*)::int from students st where st.school_id = sc.id) as students_count`;

/** The WHERE of the school list: the user's scope and the list's filters. */
export function schoolFilter(scope: Scope, query: SchoolListQuery) {
  return and([
    visibleSchool(scope),
    query.active !== undefined && sql`sc.active = ${query.active === 'true'}`,
    ...searchWords(undefined, query.query).map(
      (word) =>
        sql`(lower(sc.church_name) like ${word} or lower(sc.school_code) like ${word} or lower(coalesce(sc.school_city, '')) like ${word})`,
    ),
  ]);
}

export async function listSchools(db: DbOrTx, scope: Scope, query: SchoolListQuery) {
  const where = schoolFilter(scope, query);
  const { limit, offset } = pageWindow(query);
  const order = orderBy(
    {
      school_code: [sql`sc.school_code`],
      church_name: [sql`sc.church_name`],
      city: [sql`sc.school_city`],
      students_count: [sql`students_count`],
    },
    query.sortBy,
    query.orderBy,
    sql`sc.id`,
  );
  const from = sql`from schools sc join conferences c on c.id = sc.conference_id`;
  const [found, [count]] = await Promise.all([
    rows<Row>(
      db.execute(sql`select ${schoolColumns} ${from} where ${where} order by ${order} limit ${limit} offset ${offset}`),
    ),
    rows<{ total: number }>(db.execute(sql`select count(*)::int as total ${from} where ${where}`)),
  ]);
  return { schools: await withCourses(db, found), total: count?.total ?? 0 };
}

/** GET /schools/{id}: the school whose scope check passed (one the user belongs to). */
export async function findSchool(db: DbOrTx, id: Visible<'school'>): Promise<School> {
  const found = await rows<Row>(
    db.execute(sql`select ${schoolColumns} from schools sc join conferences c on c.id = sc.conference_id
      where sc.id = ${id}`),
  );
  const [school] = await withCourses(db, found);
  // Checked in this request: gone now means deleted by someone else in between.
  if (!school) throw notFound('School');
  return school;
}

/** Options of the school pickers (header picker, new-student placement), with student counts. */
export async function schoolOptions(db: DbOrTx, scope: Scope): Promise<SchoolOption[]> {
  const found = await rows<SchoolOption & { head_school_admin_id: number | null }>(
    db.execute(sql`
      select sc.id, sc.school_code, sc.church_name, sc.school_city as city, sc.school_state as state,
        sc.school_zip_code as zip_code, sc.head_school_admin_id,
        (select count(*)::int from students st where st.school_id = sc.id) as students_count
      from schools sc where ${visibleSchool(scope)} order by sc.school_code, sc.id`),
  );
  return found.map(({ head_school_admin_id, ...option }) => ({
    ...option,
    head_school_admin: head_school_admin_id !== null,
  }));
}

async function withCourses(db: DbOrTx, found: Row[]): Promise<School[]> {
  const ids = found.map((row) => row.id);
  const offered =
    ids.length === 0
      ? []
      : await rows<{ school_id: number; id: number; name: string }>(
          db.execute(sql`select so.school_id, se.id, se.name from series_offered so join series se on se.id = so.series_id
            where se.type = 'Course' and so.school_id in ${sqlIdList(ids)} order by se.name`),
        );
  return found.map(({ conference_id, conference_name, ...school }) => ({
    ...school,
    conference: { id: conference_id, name: conference_name },
    courses: offered.filter((o) => o.school_id === school.id).map((o) => ({ id: o.id, name: o.name })),
    head_school_admin: school.head_school_admin_id !== null,
  }));
}

/** What the school page adds to GET /schools/{id}: its head school admin by name and its claimed zips. */
export async function schoolExtras(db: DbOrTx, id: Visible<'school'>) {
  const [head] = await rows<PersonRef>(
    db.execute(sql`select u.id, u.first_name, u.last_name from schools sc join users u on u.id = sc.head_school_admin_id
      where sc.id = ${id}`),
  );
  const claimed = await claimedZipsOf(db, id);
  return { head_school_admin_user: head ?? null, claimed_zips: claimed };
}

export function claimedZipsOf(db: DbOrTx, schoolId: number): Promise<ClaimedZip[]> {
  return rows<ClaimedZip>(
    db.execute(sql`select id, zip_code from claimed_zips where school_id = ${schoolId} order by zip_code, id`),
  );
}

/** The conferences of the user's schools and conferences (global admins: all), by name. */
export function conferenceOptions(db: DbOrTx, scope: Scope) {
  const where = scope.all
    ? sql`true`
    : sql`c.id in ${sqlIdList(scope.conferenceIds)} or exists (select 1 from schools sc where sc.conference_id = c.id and ${visibleSchool(scope)})`;
  return rows<{ id: number; name: string }>(db.execute(sql`select c.id, c.name from conferences c where ${where} order by c.name, c.id`));
}
