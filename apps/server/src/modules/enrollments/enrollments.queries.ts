import type { ListQuery } from '@srs/shared/common';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import { sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { cappedCount, keysetPage, type PageKey, rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import { type Scope, visibleStudent } from '../../core/scope.ts';
import type { DbOrTx } from '../../db/client.ts';
import { needsFollowupSql } from './enrollment-caches.ts';

type Row = {
  id: number;
  student_id: number;
  student_first_name: string;
  student_last_name: string;
  series_id: number;
  series_name: string;
  series_type: 'Course' | 'Seminar';
  instructor_id: number | null;
  instructor_first_name: string | null;
  instructor_last_name: string | null;
  status: FollowupEnrollment['status'];
  cached_latest_followup_date: string | null;
  last_followup_date: string;
};

export async function listNeedingFollowup(db: DbOrTx, scope: Scope, query: ListQuery, followupDays: number) {
  const where = sql`${needsFollowupSql(today(), followupDays)} and ${visibleStudent(scope)}`;
  const from = sql`from enrollments e join students s on s.id = e.student_id`;
  // Oldest follow-up first, read from enrollments_followup_idx.
  const page = keysetPage(query, [{ expr: sql`coalesce(e.cached_latest_followup_date, e.started_on)` }, { expr: sql`e.id` }], 'asc');
  const [found, count] = await Promise.all([
    rows<Row & PageKey>(
      db.execute(sql`
        select e.id, s.id as student_id, s.first_name as student_first_name, s.last_name as student_last_name,
          se.id as series_id, se.name as series_name, se.type as series_type,
          i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
          e.status, e.cached_latest_followup_date::text as cached_latest_followup_date,
          coalesce(e.cached_latest_followup_date, e.started_on)::text as last_followup_date, ${page.key} as page_key
        ${from} join series se on se.id = e.series_id left join users i on i.id = s.instructor_id
        where ${where} and ${page.where}
        order by ${page.order}
        limit ${page.limit} offset ${page.offset}`),
    ),
    cappedCount(db, from, where),
  ]);
  const { rows: pageRows, ...cursors } = page.finish(found);
  const enrollments: FollowupEnrollment[] = pageRows.map((row) => ({
    id: row.id,
    student: { id: row.student_id, first_name: row.student_first_name, last_name: row.student_last_name },
    series: { id: row.series_id, name: row.series_name, type: row.series_type },
    instructor: personRef(row.instructor_id, row.instructor_first_name, row.instructor_last_name),
    status: row.status,
    cached_latest_followup_date: row.cached_latest_followup_date,
    last_followup_date: row.last_followup_date,
  }));
  return { enrollments, total: count.total, more: { total_capped: count.capped, ...cursors } };
}
