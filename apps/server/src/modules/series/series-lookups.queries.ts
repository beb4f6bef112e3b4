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

/**
 * The lessons or presentations in order. The editor (`all`) also reads how many records hold each:
 * lessons sent (deliveries) and attendances, counted through the series' enrollments.
 */
export function episodesOf(db: DbOrTx, seriesId: Visible<'series'>, all = false): Promise<Episode[]> {
  const usesCount = all
    ? sql`, (select count(*)::int from episode_deliveries d join enrollments e on e.id = d.enrollment_id
          where e.series_id = ep.series_id and d.episode_id = ep.id)
        + (select count(*)::int from attendances a where a.episode_id = ep.id) as uses_count`
    : sql``;
  return rows<Episode>(
    db.execute(sql`select ep.id, ep.position, ep.name, ep.date::text as date, to_char(ep.time, 'HH24:MI') as time
        ${usesCount}
      from episodes ep where ep.series_id = ${seriesId} order by ep.position, ep.id`),
  );
}

/** The pickers' decision options: the active ones in order; the editor (`all`) also the retired, with their uses. */
export function decisionOptionsOf(db: DbOrTx, seriesId: Visible<'series'>, all = false): Promise<DecisionOption[]> {
  const usesCount = all
    ? sql`, (select count(*)::int from decisions d join enrollments e on e.id = d.cached_enrollment_id
          where e.series_id = o.series_id and d.decision_option_id = o.id) as uses_count`
    : sql``;
  return rows<DecisionOption>(
    db.execute(sql`select o.id, o.name, o.position, o.active ${usesCount}
      from decision_options o
      where o.series_id = ${seriesId} ${all ? sql`` : sql`and o.active`} order by o.position, o.id`),
  );
}

/**
 * The pickers' products: offers the series carries and has not retired, in order; the editor
 * (`all`) also the retired ones, with their deliveries in this series and the other series carrying them.
 */
export function productOffersOf(db: DbOrTx, seriesId: Visible<'series'>, all = false): Promise<ProductOffer[]> {
  const counts = all
    ? sql`, (select count(*)::int from product_deliveries p join enrollments e on e.id = p.enrollment_id
          where e.series_id = sp.series_id and p.product_offer_id = po.id) as uses_count,
        (select count(*)::int from series_products other
          where other.product_offer_id = po.id and other.series_id <> sp.series_id) as other_series_count`
    : sql``;
  return rows<ProductOffer>(
    db.execute(sql`select po.id, po.name, po.default_price::text as default_price, (sp.active and po.active) as active
        ${counts}
      from series_products sp join product_offers po on po.id = sp.product_offer_id
      where sp.series_id = ${seriesId} ${all ? sql`` : sql`and sp.active and po.active`}
      order by sp.position, po.name, po.id`),
  );
}
