import {
  addMonths,
  maxTrackingMonths,
  type AwaitingContactRow,
  type InterestTrackingQuery,
  type InterestTrackingResponse,
  monthsBetween,
  type TrackingCounts,
  type TrackingMonth,
  type TrackingSchoolRow,
  unworkedBuckets,
} from '@srs/shared/interest-tracking';
import type { SchoolRef } from '@srs/shared/common';
import { type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { and, rows } from '../../core/lists.ts';
import { type Scope, sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The months the funnel covers, both included: as asked; without a From month the 12 months up to
 * the To month; without a To month up to this month (or the From month, if later), at most
 * maxTrackingMonths.
 */
export function trackingPeriod(query: Pick<InterestTrackingQuery, 'from' | 'to'>, day: string) {
  const current = day.slice(0, 7);
  const latest = (a: string, b: string) => (a > b ? a : b);
  const earliest = (a: string, b: string) => (a < b ? a : b);
  const to =
    query.to ??
    (query.from ? earliest(latest(query.from, current), addMonths(query.from, maxTrackingMonths - 1)) : current);
  const from = query.from ?? addMonths(to, -11);
  return { from, to };
}

type SchoolColumns = { school_id: number | null; school_code: string | null; church_name: string | null };
type FunnelRow = SchoolColumns & { month: string } & TrackingCounts;
type BucketRow = { bucket: string; count: number; oldest: string | null };
type AwaitingRow = SchoolColumns & { count: number; oldest: string | null; days_waiting: number | null };

const schoolOf = (row: SchoolColumns): SchoolRef | null =>
  row.school_id === null
    ? null
    : { id: Number(row.school_id), school_code: row.school_code ?? '', church_name: row.church_name ?? '' };

const emptyCounts = (): TrackingCounts => ({ received: 0, assigned: 0, contacted: 0, enrolled: 0 });
const countsOf = (row: TrackingCounts): TrackingCounts => ({
  received: Number(row.received),
  assigned: Number(row.assigned),
  contacted: Number(row.contacted),
  enrolled: Number(row.enrolled),
});
const addTo = (sum: TrackingCounts, row: TrackingCounts) => {
  sum.received += row.received;
  sum.assigned += row.assigned;
  sum.contacted += row.contacted;
  sum.enrolled += row.enrolled;
};

/**
 * Each school's funnel per month received (the cohort): an interest counts once in the month of
 * its received_on, and in each later step that has its day set, whatever its status is today
 * (a closed interest that was contacted still counts as contacted).
 */
function funnelRows(db: DbOrTx, where: SQL, from: string, to: string): Promise<FunnelRow[]> {
  const first = `${from}-01`;
  const afterLast = `${addMonths(to, 1)}-01`;
  return rows<FunnelRow>(
    db.execute(sql`select f.month, f.school_id, sc.school_code, sc.church_name,
        f.received, f.assigned, f.contacted, f.enrolled
      from (
        select to_char(i.received_on, 'YYYY-MM') as month, i.school_id, count(*)::int as received,
          count(i.assigned_at)::int as assigned, count(i.contacted_at)::int as contacted,
          count(i.enrolled_at)::int as enrolled
        from interests i
        where ${and([where, sql`i.received_on >= ${first}::date`, sql`i.received_on < ${afterLast}::date`])}
        group by 1, 2
      ) f left join schools sc on sc.id = f.school_id
      order by f.month desc, (f.school_id is null), sc.church_name, sc.school_code`),
  );
}

/** The new interests (nobody assigned or closed them) by days since received, in the four buckets. */
function bucketRows(db: DbOrTx, where: SQL, day: string): Promise<BucketRow[]> {
  const age = sql`greatest(0, ${day}::date - i.received_on)`;
  const [week, month, quarter] = unworkedBuckets.map((bucket) => bucket.upTo);
  return rows<BucketRow>(
    db.execute(sql`select case when ${age} <= ${week} then 'week' when ${age} <= ${month} then 'month'
          when ${age} <= ${quarter} then 'quarter' else 'older' end as bucket,
        count(*)::int as count, min(i.received_on)::text as oldest
      from interests i
      where ${and([where, sql`i.status = 'new'`])}
      group by 1`),
  );
}

/** Per school, the interests assigned and not contacted yet, the longest waiting first. */
function awaitingRows(db: DbOrTx, where: SQL, day: string): Promise<AwaitingRow[]> {
  return rows<AwaitingRow>(
    db.execute(sql`select a.school_id, sc.school_code, sc.church_name, a.count, a.oldest::text as oldest,
        (${day}::date - a.oldest)::int as days_waiting
      from (
        select i.school_id, count(*)::int as count, min(i.assigned_at) as oldest
        from interests i
        where ${and([where, sql`i.status = 'assigned'`])}
        group by 1
      ) a left join schools sc on sc.id = a.school_id
      order by a.oldest nulls last, a.count desc, sc.church_name, sc.school_code`),
  );
}

/** Every month from `to` back to `from`, each with its schools' rows and their total. */
function monthsOf(found: FunnelRow[], from: string, to: string): TrackingMonth[] {
  const months = Array.from({ length: monthsBetween(from, to) }, (_, back) => addMonths(to, -back));
  const byMonth = new Map<string, TrackingSchoolRow[]>(months.map((month) => [month, []]));
  for (const row of found) byMonth.get(row.month)?.push({ school: schoolOf(row), ...countsOf(row) });
  return months.map((month) => {
    const schools = byMonth.get(month) ?? [];
    const total = emptyCounts();
    for (const row of schools) addTo(total, row);
    return { month, schools, total };
  });
}

/**
 * The interest tracking page (DOMAIN.md "Interest tracking"): the funnel per school and month of
 * the period, and the age of the interests nobody has worked yet, as of `day`. The school filter
 * narrows the funnel and the interests waiting for contact; the new interests belong to no school
 * yet, so their ages are the whole network's.
 */
export async function interestTracking(
  db: DbOrTx,
  scope: Scope,
  query: InterestTrackingQuery,
  day: string = today(),
): Promise<InterestTrackingResponse> {
  const { from, to } = trackingPeriod(query, day);
  const visible = scope.all ? sql`true` : sql`i.school_id in ${sqlIdList(scope.memberSchoolIds)}`;
  const ofSchool = and([visible, query.school_id !== undefined && sql`i.school_id = ${query.school_id}`]);
  const [funnel, buckets, awaiting] = await Promise.all([
    funnelRows(db, ofSchool, from, to),
    bucketRows(db, visible, day),
    awaitingRows(db, ofSchool, day),
  ]);
  const months = monthsOf(funnel, from, to);
  const total = emptyCounts();
  for (const month of months) addTo(total, month.total);
  const bucketByKey = new Map(buckets.map((row) => [row.bucket, row]));
  return {
    from,
    to,
    as_of: day,
    months,
    total,
    unworked: unworkedBuckets.map(({ key, label }) => ({
      key,
      label,
      count: Number(bucketByKey.get(key)?.count ?? 0),
      oldest_received_on: bucketByKey.get(key)?.oldest ?? null,
    })),
    awaiting_contact: awaiting.map(
      (row): AwaitingContactRow => ({
        school: schoolOf(row),
        count: Number(row.count),
        oldest_assigned_at: row.oldest,
        days_waiting: row.days_waiting === null ? null : Number(row.days_waiting),
      }),
    ),
  };
}
