import { countCap, type ListQuery } from '@srs/shared/common';
import type { DueReminder } from '@srs/shared/reminders';
import { type SQL, sql } from 'drizzle-orm';
import { cappedCount, keysetPage, type PageKey, rows } from '../../core/lists.ts';
import { personRef } from '../../core/person-ref.ts';
import type { Scope } from '../../core/scope.ts';
import { type DbOrTx, prepared } from '../../db/client.ts';
import { type EnrollmentRowNames, scopeParts } from './enrollments.queries.ts';

/**
 * SQL condition: the enrollment `e` has a reminder that came back on `day` (docs/decisions/021): one
 * whose date has come with no follow-up on or after it (DOMAIN.md, Follow-up), on an enrollment
 * that follow-up still concerns (active, not orphaned: `needsFollowupSql`'s rule). The cache's own
 * rule: `cached_next_reminder_date` is the earliest such reminder's date, found in
 * enrollments_reminder_idx (the network) or enrollments_school_followup_idx, which includes it.
 */
const hasReminderDue = (day: string) =>
  sql`e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned and e.cached_next_reminder_date <= ${day}::date`;

/** SQL condition: the reminder `r` of such an enrollment `e` is one of those due on `day`. */
const reminderDue = (day: string) =>
  sql`r.date <= ${day}::date and (e.cached_latest_followup_date is null or r.date > e.cached_latest_followup_date)`;

/**
 * The enrollments with a reminder due that the user sees: the follow-up list's scope, part by part
 * (each school they administer, their own students, students shared with them), each part read from
 * its own index (docs/decisions/011): a school's range of enrollments_school_followup_idx, which
 * includes the date, and a person's students. `+ 0` keeps each part there: offered
 * enrollments_reminder_idx, the planner walked the network's reminders due in date order to find a
 * school's few (60,000 due: 350 ms against 23 ms for a school of 33,000). Each enrollment gives a
 * page at least one row, so a page of `firstRows` reminders lies within the first `firstRows`
 * enrollments of each part in the list's order; with a cursor, each part gives all of its own.
 */
function inScope(scope: Scope, day: string, firstRows: number | null): SQL {
  if (scope.all) return sql`true`;
  const next = sql`(e.cached_next_reminder_date + 0)`;
  const first = firstRows === null ? sql`` : sql`order by ${next}, e.id limit ${firstRows}`;
  const parts = scopeParts(scope).map(
    (part) => sql`(select e.id from enrollments e
      where ${part} and e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned and ${next} <= ${day}::date ${first})`,
  );
  return sql`e.id in (${sql.join(parts, sql` union all `)})`;
}

type Row = EnrollmentRowNames & {
  id: number;
  date: string;
  enrollment_id: number;
};

/**
 * The enrollment waiting longest first (by its oldest reminder due, `cached_next_reminder_date`),
 * its reminders together in date order. The order of enrollments_reminder_idx: a network's first
 * page reads its first rows and stops, where ordering every reminder by its date sorted all the
 * network's reminders due (60,000 due on 200,000 enrollments: 330 ms against 50 ms).
 */
const dueKeys = [{ expr: sql`e.cached_next_reminder_date` }, { expr: sql`e.id` }, { expr: sql`r.date` }, { expr: sql`r.id` }];

export type DueRemindersPage = {
  reminders: DueReminder[];
  total: number;
  more: { total_capped: boolean; next_cursor: string | null; prev_cursor: string | null };
};

/**
 * The reminders due on `day` of the enrollments the user sees: the scope of the dashboard's
 * follow-up list (their schools, their own students, students shared with them; the network for
 * a global admin), so an instructor sees only their own and shared students' reminders.
 */
export async function listRemindersDue(
  db: DbOrTx,
  scope: Scope,
  query: Pick<ListQuery, 'page' | 'per_page' | 'pagination' | 'after' | 'before'>,
  day: string,
): Promise<DueRemindersPage> {
  const page = keysetPage(query, dueKeys, 'asc');
  const from = sql`from enrollments e join reminders r on r.enrollment_id = e.id`;
  const where = sql`${hasReminderDue(day)} and ${reminderDue(day)}`;
  const cursor = Boolean(query.after || query.before);
  const scoped = (firstRows: number | null) => sql`${where} and ${inScope(scope, day, firstRows)}`;
  // The page's reminders first, then their names: the names of a page, not of every reminder the
  // order had to look at (a school with 30,000 due spent 1.9 s naming them all before its sort).
  const found = await rows<Row & PageKey>(
    db.execute(
      prepared(sql`select r.id, r.date::text as date, e.id as enrollment_id,
          s.id as student_id, s.first_name as student_first_name, s.last_name as student_last_name,
          se.id as series_id, se.name as series_name, se.type as series_type,
          i.id as instructor_id, i.first_name as instructor_first_name, i.last_name as instructor_last_name,
          ${page.key} as page_key
        from (select r.id ${from} where ${scoped(cursor ? null : page.offset + page.limit)} and ${page.where}
          order by ${page.order} limit ${page.limit} offset ${page.offset}) paged
        join reminders r on r.id = paged.id join enrollments e on e.id = r.enrollment_id
        join students s on s.id = e.student_id join series se on se.id = e.series_id
        left join users i on i.id = s.instructor_id
        order by ${page.order}`),
    ),
  );
  // A first page that holds them all is its own count (most people have a few reminders due).
  const count = page.countOf(found) ?? (await cappedCount(db, from, scoped(countCap + 1)));
  const { rows: pageRows, ...cursors } = page.finish(found);
  const reminders: DueReminder[] = pageRows.map((row) => ({
    id: row.id,
    date: row.date,
    enrollment_id: row.enrollment_id,
    student: { id: row.student_id, first_name: row.student_first_name, last_name: row.student_last_name },
    series: { id: row.series_id, name: row.series_name, type: row.series_type },
    instructor: personRef(row.instructor_id, row.instructor_first_name, row.instructor_last_name),
  }));
  return { reminders, total: count.total, more: { total_capped: count.capped, ...cursors } };
}
