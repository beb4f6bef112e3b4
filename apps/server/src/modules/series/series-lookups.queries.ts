import type { DecisionOption, Episode, ProductOffer, SeriesOption } from '@srs/shared/series';
import type { SeriesType } from '@srs/shared/enrollments';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { and, rows } from '../../lib/lists.ts';
import { type Scope, visibleSchool, visibleSeries, visibleStudent } from '../../plugins/scope.ts';

/** True when the school exists and the user may see it. */
export async function schoolVisible(db: DbOrTx, scope: Scope, schoolId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db.execute(sql`select sc.id from schools sc where sc.id = ${schoolId} and ${visibleSchool(scope)}`),
  );
  return found.length > 0;
}

/**
 * Offered by the school: a series_offered row, or, for a seminar, held by the school (DOMAIN.md,
 * Catalogue): what its students can be enrolled in. The SQL condition reads the series id from
 * `seriesId`.
 */
export function offeredBySql(seriesId: SQL, schoolId: number): SQL {
  return sql`(exists (select 1 from series_offered so where so.series_id = ${seriesId} and so.school_id = ${schoolId})
    or exists (select 1 from series sh where sh.id = ${seriesId} and sh.type = 'Seminar' and sh.school_id = ${schoolId}))`;
}

/** The school of a student the user may see; null when the student is missing or out of scope. */
export async function visibleStudentSchool(db: DbOrTx, scope: Scope, studentId: number): Promise<number | null> {
  const [found] = await rows<{ school_id: number }>(
    db.execute(sql`select s.school_id from students s where s.id = ${studentId} and ${visibleStudent(scope)}`),
  );
  return found?.school_id ?? null;
}

/**
 * The pickers' series: active ones, priority courses first (SPEC section 3), then by name. With
 * `schoolId`, those the school offers or holds, among the ones the user may see; with
 * `studentSchoolId`, those a visible student's school offers or holds, which the user may enroll
 * the student in even when it is not their own school's (a shared student).
 */
export async function seriesOptions(
  db: DbOrTx,
  scope: Scope,
  filter: { type?: SeriesType; schoolId?: number; studentSchoolId?: number },
): Promise<SeriesOption[]> {
  const where = and([
    sql`se.active`,
    filter.studentSchoolId !== undefined ? offeredBySql(sql`se.id`, filter.studentSchoolId) : visibleSeries(scope),
    filter.type !== undefined && sql`se.type = ${filter.type}`,
    filter.schoolId !== undefined && offeredBySql(sql`se.id`, filter.schoolId),
  ]);
  return rows<SeriesOption>(
    db.execute(sql`select se.id, se.name, se.type, se.priority from series se
      where ${where} order by se.priority desc, se.name, se.id`),
  );
}

/**
 * A series' lookups are open to whoever may see the series, or a student enrolled in it: a
 * shared student may follow a course that the user's own schools do not offer.
 */
export async function seriesReadable(db: DbOrTx, scope: Scope, seriesId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db.execute(sql`select se.id from series se where se.id = ${seriesId} and (${visibleSeries(scope)}
      or exists (select 1 from enrollments e join students s on s.id = e.student_id
        where e.series_id = se.id and ${visibleStudent(scope)}))`),
  );
  return found.length > 0;
}

export function episodesOf(db: DbOrTx, seriesId: number): Promise<Episode[]> {
  return rows<Episode>(
    db.execute(sql`select id, position, name, date::text as date, to_char(time, 'HH24:MI') as time
      from episodes where series_id = ${seriesId} order by position, id`),
  );
}

export function decisionOptionsOf(db: DbOrTx, seriesId: number): Promise<DecisionOption[]> {
  return rows<DecisionOption>(
    db.execute(sql`select id, name, position from decision_options
      where series_id = ${seriesId} order by position, id`),
  );
}

export function productOffersOf(db: DbOrTx, seriesId: number): Promise<ProductOffer[]> {
  return rows<ProductOffer>(
    db.execute(sql`select po.id, po.name, po.default_price::text as default_price
      from series_products sp join product_offers po on po.id = sp.product_offer_id
      where sp.series_id = ${seriesId} and po.active order by po.name, po.id`),
  );
}
