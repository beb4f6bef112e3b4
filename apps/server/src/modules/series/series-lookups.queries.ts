import type { SeriesType } from '@srs/shared/enrollments';
import type { DecisionOption, Episode, ProductOffer, SeriesOption } from '@srs/shared/series';
import { type SQL, sql } from 'drizzle-orm';
import { and, rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleSeries } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Offered by the school: a series_offered row, or, for a seminar, held by the school (DOMAIN.md,
 * Catalogue): what its students can be enrolled in. The SQL condition reads the series id from
 * `seriesId`, and the school's from `schoolId` (a number or a subquery).
 */
export function offeredBySql(seriesId: SQL, schoolId: number | SQL): SQL {
  return sql`(exists (select 1 from series_offered so where so.series_id = ${seriesId} and so.school_id = ${schoolId})
    or exists (select 1 from series sh where sh.id = ${seriesId} and sh.type = 'Seminar' and sh.school_id = ${schoolId}))`;
}

/**
 * The pickers' series: active ones, priority courses first (SPEC section 3), then by name. With
 * `school`, those the school offers or holds, among the ones the user may see; with `student`,
 * those the student's school offers or holds, which the user may enroll the student in even when
 * it is not their own school's (a shared student).
 */
export async function seriesOptions(
  db: DbOrTx,
  scope: Scope,
  filter: { type?: SeriesType; school?: Visible<'school'>; student?: Visible<'student'> },
): Promise<SeriesOption[]> {
  const where = and([
    sql`se.active`,
    filter.student !== undefined
      ? offeredBySql(sql`se.id`, sql`(select s.school_id from students s where s.id = ${filter.student})`)
      : visibleSeries(scope),
    filter.type !== undefined && sql`se.type = ${filter.type}`,
    filter.school !== undefined && offeredBySql(sql`se.id`, filter.school),
  ]);
  return rows<SeriesOption>(
    db.execute(sql`select se.id, se.name, se.type, se.priority from series se
      where ${where} order by se.priority desc, se.name, se.id`),
  );
}

export function episodesOf(db: DbOrTx, seriesId: Visible<'series'>): Promise<Episode[]> {
  return rows<Episode>(
    db.execute(sql`select id, position, name, date::text as date, to_char(time, 'HH24:MI') as time
      from episodes where series_id = ${seriesId} order by position, id`),
  );
}

export function decisionOptionsOf(db: DbOrTx, seriesId: Visible<'series'>): Promise<DecisionOption[]> {
  return rows<DecisionOption>(
    db.execute(sql`select id, name, position from decision_options
      where series_id = ${seriesId} order by position, id`),
  );
}

export function productOffersOf(db: DbOrTx, seriesId: Visible<'series'>): Promise<ProductOffer[]> {
  return rows<ProductOffer>(
    db.execute(sql`select po.id, po.name, po.default_price::text as default_price
      from series_products sp join product_offers po on po.id = sp.product_offer_id
      where sp.series_id = ${seriesId} and po.active order by po.name, po.id`),
  );
}
