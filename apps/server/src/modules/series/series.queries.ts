import type { SeriesItem, SeriesListQuery } from '@srs/shared/series';
import { sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { and, orderBy, pageWindow, rows, searchWords } from '../../core/lists.ts';
import { type Scope, visibleSeries, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { needsFollowupSql } from '../enrollments/public.ts';

type Row = Omit<SeriesItem, 'school'> & {
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
};

/** Courses or seminars the user may see, with counts of the students the user may see. */
export async function listSeries(db: DbOrTx, scope: Scope, query: SeriesListQuery, followupDays: number) {
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
          (select count(distinct e.student_id)::int from enrollments e join students s on s.id = e.student_id
            where e.series_id = se.id and ${visibleStudent(scope)}) as students_count,
          (select count(*)::int from enrollments e join students s on s.id = e.student_id
            where e.series_id = se.id and ${needsFollowupSql(today(), followupDays)} and ${visibleStudent(scope)}) as needing_followup_count,
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
