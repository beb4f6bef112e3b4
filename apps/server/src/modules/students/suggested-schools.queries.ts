import type { SuggestedSchool } from '@srs/shared/students';
import { sql } from 'drizzle-orm';
import { rows } from '../../core/lists.ts';
import { type Scope, visibleSchool, visibleSeries } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/** Schools suggested by distance, besides the one that claimed the zip. */
export const suggestedByDistance = 10;

const earthRadiusMiles = 3958.8;

/** '62701-1234' and ' 62701' are 62701: zip centroids and claimed zips are kept as five digits. */
export function normaliseZip(zipCode: string): string {
  const digits = zipCode.replace(/\D/g, '');
  return digits.length >= 5 ? digits.slice(0, 5) : zipCode.trim().toUpperCase();
}

export async function seriesVisible(db: DbOrTx, scope: Scope, seriesId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    db.execute(sql`select se.id from series se where se.id = ${seriesId} and ${visibleSeries(scope)}`),
  );
  return found.length > 0;
}

type Row = Omit<SuggestedSchool, 'head_school_admin'>;

/**
 * DOMAIN.md "Suggested schools", in one query: active schools that offer the series (a seminar
 * also by the school that holds it), the one that claimed the zip first, then the nearest ten
 * by great-circle distance between zip centroids (the school's zip, else its church's). A zip
 * without a centroid finds only the claiming school.
 */
export async function suggestedSchools(
  db: DbOrTx,
  scope: Scope,
  seriesId: number,
  zipCode: string,
): Promise<SuggestedSchool[]> {
  const zip = normaliseZip(zipCode);
  const found = await rows<Row>(
    db.execute(sql`
      with origin as (
        select latitude, longitude from zip_centroids where zip_code = ${zip}
      ),
      candidates as (
        select sc.id, sc.school_code, sc.church_name,
          coalesce(sc.school_city, sc.church_city) as city,
          coalesce(sc.school_state, sc.church_state) as state,
          coalesce(sc.school_zip_code, sc.church_zip_code) as zip_code,
          sc.head_school_admin_id,
          exists (select 1 from claimed_zips cz where cz.school_id = sc.id and cz.zip_code = ${zip}) as claimed,
          -- least() skips nulls, so an unknown zip must be caught before it rather than inside.
          case when o.latitude is null or place.latitude is null then null
          else ${earthRadiusMiles}::float8 * 2 * asin(least(1, sqrt(
            power(sin(radians(place.latitude - o.latitude) / 2), 2)
            + cos(radians(o.latitude)) * cos(radians(place.latitude))
              * power(sin(radians(place.longitude - o.longitude) / 2), 2))))
          end as distance
        from schools sc
        left join origin o on true
        -- One index lookup per school (hashing all 34k centroids measured slower with 3,000
        -- schools): the school's own zip when known, else its church's.
        left join lateral (
          select z.latitude, z.longitude from zip_centroids z
          where z.zip_code in (left(sc.school_zip_code, 5), left(sc.church_zip_code, 5))
          order by z.zip_code = left(sc.school_zip_code, 5) desc nulls last
          limit 1
        ) place on true
        where sc.active and ${visibleSchool(scope)}
          and (sc.id in (select so.school_id from series_offered so where so.series_id = ${seriesId})
            or sc.id in (select se.school_id from series se where se.id = ${seriesId} and se.type = 'Seminar'))
      ),
      chosen as (
        (select * from candidates where claimed)
        union all
        (select * from candidates where not claimed and distance is not null
          order by distance, church_name, id limit ${suggestedByDistance})
      )
      select id, school_code, church_name, city, state, zip_code, head_school_admin_id, claimed,
        round(distance::numeric, 1)::float8 as distance_miles
      from chosen
      order by claimed desc, distance asc nulls last, church_name, id`),
  );
  return found.map((row) => ({
    ...row,
    id: Number(row.id),
    head_school_admin_id: row.head_school_admin_id === null ? null : Number(row.head_school_admin_id),
    distance_miles: row.distance_miles === null ? null : Number(row.distance_miles),
    head_school_admin: row.head_school_admin_id !== null,
  }));
}
