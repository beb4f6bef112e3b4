import type { SeriesItem, SeriesListQuery } from '@srs/shared/series';
import { type SQL, sql } from 'drizzle-orm';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import { anyId, type Scope, visibleSeries } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';

type Row = Omit<SeriesItem, 'school'> & {
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
};

/**
 * The students of series `se` that the user sees: the schools they administer from the counts the
 * database keeps per series and school (migration 0007), their own and shared students elsewhere
 * counted as they are (docs/decisions/011).
 */
export function studentsCount(scope: Scope): SQL {
  const kept = (schools: SQL) =>
    sql`(select coalesce(sum(c.students), 0)::int from series_school_students c where c.series_id = se.id and ${schools})`;
  if (scope.all) return kept(sql`true`);
  const admin = anyId(scope.adminSchoolIds);
  return sql`(${kept(sql`c.school_id = ${admin}`)} + (select count(distinct e.student_id)::int from enrollments e
    where e.series_id = se.id and not coalesce(e.school_id = ${admin}, false) and e.student_id in (
      select vs.id from students vs where vs.instructor_id = ${scope.userId}
      union all select ss.student_id from student_shares ss where ss.user_id = ${scope.userId})))`;
}

/** Courses or seminars the user may see, with counts of the students the user may see. */
export async function listSeries(db: DbOrTx, scope: Scope, query: SeriesListQuery) {
  const where = and([
    sql`se.type = ${query.type}`,
    visibleSeries(scope),
    ...searchWords(undefined, query.query).map((word) => sql`lower(se.name) like ${word}`),
  ]);
  const { limit, offset } = pageWindow(query);
  const order = orderBy(
    { name: [sql`se.name`], students_count: [sql`students_count`], priority: [sql`se.priority`, sql`se.name`] },
    query.sortBy,
    query.orderBy,
    sql`se.id`,
  );
  const [found, [count]] = await Promise.all([
    rows<Row>(
      db.execute(sql`
        select se.id, se.type, se.name, se.priority,
          ${studentsCount(scope)} as students_count,
          (select count(*)::int from episodes ep where ep.series_id = se.id) as episodes_count,
          sc.id as school_id, sc.school_code, sc.church_name
        from series se left join schools sc on sc.id = se.school_id
        where ${where}
        order by ${order}
        limit ${limit} offset ${offset}`),
    ),
    rows<{ total: number }>(db.execute(sql`select count(*)::int as total from series se where ${where}`)),
  ]);
  const items: SeriesItem[] = found.map(({ school_id, school_code, church_name, ...item }) => ({
    ...item,
    school:
      school_id === null ? null : { id: school_id, school_code: school_code ?? '', church_name: church_name ?? '' },
  }));
  return { items, total: count?.total ?? 0 };
}
