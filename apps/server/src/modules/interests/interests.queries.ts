import type { Interest, InterestListQuery } from '@srs/shared/interests';
import { sql } from 'drizzle-orm';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import { type Scope, sqlIdList } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<Interest, 'series' | 'school'> & {
  series_id: number | null;
  series_name: string | null;
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
};

/** Interests the user may see: all for global admins, those assigned to the user's schools otherwise. */
export async function listInterests(db: DbOrTx, scope: Scope, query: InterestListQuery) {
  const where = and([
    scope.all ? sql`true` : sql`i.school_id in ${sqlIdList(scope.memberSchoolIds)}`,
    query.status !== undefined && sql`i.status = ${query.status}`,
    ...searchWords(undefined, query.query).map((word) => sql`lower(i.first_name || ' ' || i.last_name) like ${word}`),
  ]);
  const { limit, offset } = pageWindow(query);
  const order = orderBy(
    { received_on: [sql`i.received_on`], name: [sql`i.last_name`, sql`i.first_name`], status: [sql`i.status`] },
    query.sortBy,
    query.orderBy,
    sql`i.id`,
  );
  const [found, [count]] = await Promise.all([
    rows<Row>(
      db.execute(sql`
        select i.id, i.first_name, i.last_name, i.city, i.state, i.zip_code, i.source,
          i.received_on::text as received_on, i.status,
          se.id as series_id, se.name as series_name, sc.id as school_id, sc.school_code, sc.church_name
        from interests i left join series se on se.id = i.series_id left join schools sc on sc.id = i.school_id
        where ${where} order by ${order} limit ${limit} offset ${offset}`),
    ),
    rows<{ total: number }>(db.execute(sql`select count(*)::int as total from interests i where ${where}`)),
  ]);
  const interests: Interest[] = found.map(
    ({ series_id, series_name, school_id, school_code, church_name, ...interest }) => ({
      ...interest,
      series: series_id === null ? null : { id: series_id, name: series_name ?? '' },
      school:
        school_id === null ? null : { id: school_id, school_code: school_code ?? '', church_name: church_name ?? '' },
    }),
  );
  return { interests, total: count?.total ?? 0 };
}
