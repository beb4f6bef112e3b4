import { countCap, type ListQuery } from '@srs/shared/common';
import type { FollowupEnrollment } from '@srs/shared/enrollments';
import type { FollowupReason } from '@srs/shared/followup';
import { type SQL, sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { cappedCount, keysetPage, type PageKey, rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import { anyId, type Scope } from '../../core/scope.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';
import { followupReasonSql, needsFollowupSql } from './enrollment-caches.ts';

/** The names an enrollment's row carries in the dashboard's lists: its student, series and instructor. */
export type EnrollmentRowNames = {
  student_id: number;
  student_first_name: string;
  student_last_name: string;
  series_id: number;
  series_name: string;
  series_type: 'Course' | 'Seminar';
  instructor_id: number | null;
  instructor_first_name: string | null;
  instructor_last_name: string | null;
};

type Row = EnrollmentRowNames & {
  id: number;
  status: FollowupEnrollment['status'];
  cached_latest_followup_date: string | null;
  last_followup_date: string;
  followup_reason: FollowupReason;
};

/** The list's order: oldest follow-up first (the partial indexes' order), then the id. */
const followupKeys = [{ expr: sql`coalesce(e.cached_latest_followup_date, e.started_on)` }, { expr: sql`e.id` }];

/**
 * The parts of what a user who does not see the whole network sees, each read from its own index
 * in the list's order (docs/decisions/011): each school they administer is one range of
 * enrollments_school_followup_idx; their own students' and shared students' enrollments are few.
 * The reminders due (reminders-due.queries.ts) are scoped by the same parts.
 */
export function scopeParts(scope: Scope): SQL[] {
  return [
    ...scope.adminSchoolIds.map((schoolId) => sql`e.school_id = ${schoolId}`),
    sql`e.student_id in (select vs.id from students vs where vs.instructor_id = ${scope.userId})`,
    sql`e.student_id in (select ss.student_id from student_shares ss where ss.user_id = ${scope.userId})`,
  ];
}

/** Ids of enrollments needing follow-up in the parts of a scope, `limit` of each part at most, merged. */
function partsNeedingFollowup(scope: Scope, due: SQL, keyed: { where: SQL; order: SQL }, limit: number): SQL {
  const parts = scopeParts(scope).map(
    (part) => sql`(select e.id, coalesce(e.cached_latest_followup_date, e.started_on) as followup_key from enrollments e
      where ${part} and ${due} and ${keyed.where} order by ${keyed.order} limit ${limit})`,
  );
  // UNION: an enrollment of the user's school may also be of their own or a shared student.
  return sql.join(parts, sql` union `);
}

export async function listNeedingFollowup(db: DbOrTx, scope: Scope, query: ListQuery, followupDays: number) {
  const day = today();
  const due = needsFollowupSql(day, followupDays);
  // Oldest follow-up first, read from enrollments_followup_idx (the network) or
  // enrollments_school_followup_idx (a user's schools).
  const page = keysetPage(query, followupKeys, 'asc');
  const select = sql`select e.id, s.id as student_id, s.first_name as student_first_name, s.last_name as student_last_name,
      se.id as series_id, se.name as series_name, se.type as series_type,
      i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
      e.status, e.cached_latest_followup_date::text as cached_latest_followup_date,
      coalesce(e.cached_latest_followup_date, e.started_on)::text as last_followup_date,
      ${followupReasonSql(day, followupDays)} as followup_reason, ${page.key} as page_key
    from enrollments e join students s on s.id = e.student_id join series se on se.id = e.series_id
      left join users i on i.id = s.instructor_id`;
  const wholeNetwork = async () =>
    Promise.all([
      rows<Row & PageKey>(
        db.execute(
          prepared(sql`${select} where ${due} and ${page.where} order by ${page.order} limit ${page.limit} offset ${page.offset}`),
        ),
      ),
      cappedCount(db, sql`from enrollments e`, due),
    ]);
  const inParts = async () => {
    const merged = keysetPage(query, [{ expr: sql`m.followup_key` }, { expr: sql`m.id` }], 'asc');
    const [ids, [counted]] = await Promise.all([
      rows<{ id: number }>(
        db.execute(
          prepared(sql`select m.id from (${partsNeedingFollowup(scope, due, page, page.offset + page.limit)}) m
            order by ${merged.order} limit ${page.limit} offset ${page.offset}`),
        ),
      ),
      rows<{ total: number }>(
        db.execute(
          prepared(sql`select count(*)::int as total
            from (${partsNeedingFollowup(scope, due, { where: sql`true`, order: page.order }, countCap + 1)}) m`),
        ),
      ),
    ]);
    // Read again by id in a statement of its own: one followed up meanwhile (a visit saved between
    // the two) no longer needs follow-up and is left out, rather than listed without a reason.
    const found = await rows<Row & PageKey>(
      db.execute(prepared(sql`${select} where e.id = ${anyId(ids.map((row) => Number(row.id)))} and ${due} order by ${page.order}`)),
    );
    const total = Number(counted?.total ?? 0);
    return [found, { total: Math.min(total, countCap), capped: total > countCap }] as const;
  };
  const [found, count] = scope.all ? await wholeNetwork() : await inParts();
  const { rows: pageRows, ...cursors } = page.finish(found);
  const enrollments: FollowupEnrollment[] = pageRows.map((row) => ({
    id: row.id,
    student: { id: row.student_id, first_name: row.student_first_name, last_name: row.student_last_name },
    series: { id: row.series_id, name: row.series_name, type: row.series_type },
    instructor: personRef(row.instructor_id, row.instructor_first_name, row.instructor_last_name),
    status: row.status,
    cached_latest_followup_date: row.cached_latest_followup_date,
    last_followup_date: row.last_followup_date,
    followup_reason: row.followup_reason,
  }));
  return { enrollments, total: count.total, more: { total_capped: count.capped, ...cursors } };
}
