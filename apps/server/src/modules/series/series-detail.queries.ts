import { type SeriesDetail, type SeriesSchool, type SeriesSimpleShow, seriesStatuses } from '@srs/shared/series';
import { sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { rows } from '../../core/lists.ts';
import type { Visible } from '../../core/records.ts';
import { type Scope, visibleSchool, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SeriesFacts } from './series-rules.ts';

export type SeriesRecord = Omit<SeriesDetail, 'permissions'> & { facts: SeriesFacts };

type HeadRow = Omit<SeriesDetail, 'permissions' | 'school' | 'students_count' | 'status_counts'> & {
  school_id: number | null;
  school_code: string | null;
  church_name: string | null;
};

/**
 * GET /series/{id}: the series, its hosting school, and the students the user may see in it,
 * counted by the status of their enrollments (DOMAIN.md; decisions.md "Scope of lists").
 */
export async function findSeries(db: DbOrTx, scope: Scope, id: Visible<'series'>): Promise<SeriesRecord> {
  const [head] = await rows<HeadRow>(
    db.execute(sql`select se.id, se.type, se.name, se.description, se.priority, se.active, se.location,
        (select count(*)::int from episodes ep where ep.series_id = se.id) as episodes_count,
        sc.id as school_id, sc.school_code, sc.church_name
      from series se left join schools sc on sc.id = se.school_id
      where se.id = ${id}`),
  );
  if (!head) throw notFound('Series');
  const counts = await rows<{ status: string; enrollments: number; students: number }>(
    db.execute(sql`select e.status, count(*)::int as enrollments, count(distinct e.student_id)::int as students
      from enrollments e join students s on s.id = e.student_id
      where e.series_id = ${id} and ${visibleStudent(scope)}
      group by rollup (e.status)`),
  );
  const status_counts = Object.fromEntries(
    seriesStatuses.map((status) => [status, counts.find((row) => row.status === status)?.enrollments ?? 0]),
  ) as SeriesDetail['status_counts'];
  const { school_id, school_code, church_name, ...series } = head;
  return {
    ...series,
    school: school_id === null ? null : { id: school_id, school_code: school_code ?? '', church_name: church_name ?? '' },
    students_count: counts.find((row) => row.status === null)?.students ?? 0,
    status_counts,
    facts: { type: head.type, school_id },
  };
}

export async function seriesSimpleShow(db: DbOrTx, id: Visible<'series'>): Promise<SeriesSimpleShow> {
  const [found] = await rows<SeriesSimpleShow>(db.execute(sql`select id, type, name from series where id = ${id}`));
  if (!found) throw notFound('Series');
  return found;
}

/**
 * GET /series/{id}/schools: the schools the user sees that offer it (series_offered) or, for a
 * seminar, hold it, hosting school first, with the students the user may see in it from each.
 */
export function seriesSchools(db: DbOrTx, scope: Scope, id: Visible<'series'>): Promise<SeriesSchool[]> {
  return rows<SeriesSchool>(
    db.execute(sql`
      select sc.id, sc.school_code, sc.church_name, sc.church_city,
        so.id as series_offered_id, (se.school_id is not distinct from sc.id) as hosting,
        (select count(distinct e.student_id)::int from enrollments e join students s on s.id = e.student_id
          where e.series_id = se.id and s.school_id = sc.id and ${visibleStudent(scope)}) as students_count
      from series se
        join schools sc on sc.id = se.school_id
          or sc.id in (select so2.school_id from series_offered so2 where so2.series_id = se.id)
        left join series_offered so on so.series_id = se.id and so.school_id = sc.id
      where se.id = ${id} and ${visibleSchool(scope)}
      order by (se.school_id is not distinct from sc.id) desc, sc.church_name, sc.id`),
  );
}
