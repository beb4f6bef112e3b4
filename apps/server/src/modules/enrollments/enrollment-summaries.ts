import type { EnrollmentSummary } from '@srs/shared/enrollments';
import type { FollowupReason } from '@srs/shared/followup';
import { sql } from 'drizzle-orm';
import { today } from '../../core/csv.ts';
import { rows } from '../../core/lists.ts';
import { anyId } from '../../core/scope.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';
import { followupReasonSql } from './enrollment-caches.ts';

/** An enrollment's columns that its summary shows, as the list and detail queries select them. */
export type SummaryRow = {
  id: number;
  series_id: number;
  series_name: string;
  series_type: 'Course' | 'Seminar';
  registration_number: number;
  lesson_number: number;
  orphaned: boolean;
  status: EnrollmentSummary['status'];
  last_sent_delivery_date: string | null;
  cached_latest_followup_date: string | null;
  followup_reason: FollowupReason | null;
};
type Row = SummaryRow & { student_id: number };

/** The summary of an enrollment: its registration number as text, its last lesson sent as an object. */
export function enrollmentSummary(row: SummaryRow): EnrollmentSummary {
  return {
    id: row.id,
    series_id: row.series_id,
    series_name: row.series_name,
    series_type: row.series_type,
    series: { type: row.series_type, name: row.series_name },
    registration_number: String(row.registration_number),
    lesson_number: row.lesson_number,
    orphaned: row.orphaned,
    status: row.status,
    last_sent_delivery: row.last_sent_delivery_date ? { date_sent: row.last_sent_delivery_date } : null,
    cached_latest_followup_date: row.cached_latest_followup_date,
    followup_reason: row.followup_reason,
  };
}

/**
 * The enrollments of many students in one query, keyed by student and split by series type, each
 * with its own follow-up reason (a student's overview says which enrollment needs follow-up and why).
 */
export async function enrollmentSummariesByStudent(db: DbOrTx, studentIds: number[], followupDays: number) {
  const byStudent = new Map<
    number,
    { course_enrollments: EnrollmentSummary[]; seminar_enrollments: EnrollmentSummary[] }
  >();
  for (const id of studentIds) byStudent.set(id, { course_enrollments: [], seminar_enrollments: [] });
  if (studentIds.length === 0) return byStudent;
  const result = await rows<Row>(
    db.execute(prepared(sql`
      select e.id, e.student_id, e.series_id, se.name as series_name, se.type as series_type,
        e.registration_number, e.lesson_number, e.orphaned, e.status,
        e.last_sent_delivery_date::text as last_sent_delivery_date,
        e.cached_latest_followup_date::text as cached_latest_followup_date,
        ${followupReasonSql(today(), followupDays)} as followup_reason
      from enrollments e join series se on se.id = e.series_id
      where e.student_id = ${anyId(studentIds)}
      order by e.started_on desc, e.id desc`)),
  );
  for (const row of result) {
    const entry = byStudent.get(row.student_id);
    if (!entry) continue;
    (row.series_type === 'Course' ? entry.course_enrollments : entry.seminar_enrollments).push(enrollmentSummary(row));
  }
  return byStudent;
}
