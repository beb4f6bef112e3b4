import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Recomputes the cached columns of enrollments (DOMAIN.md, Students and enrollments):
 * lesson_number (highest lesson sent), last_sent_delivery_date, cached_latest_followup_date
 * (latest lesson sent/completed date, presentation attended, visit or note) and cached_next_reminder_date (earliest
 * reminder after that follow-up). The record pipeline runs it after every change of records;
 * `null` refreshes every enrollment.
 */
export async function refreshEnrollmentCaches(db: DbOrTx, enrollmentIds: number[] | null): Promise<void> {
  if (enrollmentIds && enrollmentIds.length === 0) return;
  const filter = enrollmentIds
    ? sql`e.id in (${sql.join(
        enrollmentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`true`;
  // The lessons' facts in one pass over each enrollment's own lessons (its index): a max(date_sent)
  // of its own would walk the date index from the latest day down, past every other enrollment's
  // lessons of that day (an import's 100,000 share a few days).
  await db.execute(sql`
    with facts as (
      select e.id, l.lesson_number, l.last_sent,
        greatest(
          l.latest,
          (select max(v.date) from visits v where v.enrollment_id = e.id),
          -- A presentation attended is the seminar's lesson: contact on the day it was given.
          (select max(coalesce(ep.date, a.created_at::date)) from attendances a join episodes ep on ep.id = a.episode_id
            where a.enrollment_id = e.id),
          (select max(n.created_at)::date from notes n where n.cached_enrollment_id = e.id)
        ) as latest
      from enrollments e
        cross join lateral (
          select max(ep.position) filter (where d.date_sent is not null) as lesson_number,
            max(d.date_sent) as last_sent, max(greatest(d.date_sent, d.date_completed)) as latest
          from episode_deliveries d left join episodes ep on ep.id = d.episode_id
          where d.enrollment_id = e.id
        ) l
      where ${filter}
    )
    update enrollments e set
      lesson_number = coalesce(f.lesson_number, 0),
      last_sent_delivery_date = f.last_sent,
      cached_latest_followup_date = f.latest,
      cached_next_reminder_date = (
        select min(r.date) from reminders r
        where r.enrollment_id = e.id and (f.latest is null or r.date > f.latest)
      )
    from facts f
    where f.id = e.id
  `);
}

/** Every enrollment's caches, for data written in bulk without the record pipeline (the seed). */
export async function refreshAllEnrollmentCaches(db: DbOrTx): Promise<void> {
  await refreshEnrollmentCaches(db, null);
}

/**
 * SQL condition: the enrollment `e` needs follow-up on `today` with the given number of days. An
 * orphaned enrollment never does: its student's school no longer offers the series.
 */
export function needsFollowupSql(today: Today, days: number) {
  const day = dayOf(today);
  return sql`(e.status in ('Applied', 'Enrolled', 'Attended') and not e.orphaned and (
    coalesce(e.cached_latest_followup_date, e.started_on) < ${day} - ${daysOf(today, days)}
    or e.cached_next_reminder_date <= ${day}))`;
}

/**
 * The day the follow-up rules are worked out for: a YYYY-MM-DD date sent as a parameter, or
 * `{ written: day }`, the server's own day written into the statement's text with the number of
 * days, so that a fragment of them can be written once (`writtenOnce`, db/client.ts).
 */
export type Today = string | { written: string };

const dayOf = (today: Today) => {
  if (typeof today === 'string') return sql`${today}::date`;
  // Only ever the server's `today()`: checked all the same, as it goes into the text.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today.written)) throw new Error(`Not a day: ${today.written}`);
  return sql.raw(`'${today.written}'::date`);
};
const daysOf = (today: Today, days: number) =>
  typeof today === 'string' ? sql`${days}::int` : sql.raw(`${Math.trunc(days)}::int`);

/**
 * SQL expression: why the enrollment `e` needs follow-up on `today` (the `FollowupReason` of
 * packages/shared/src/followup.ts, as JSON), or null when it does not. The same rule as
 * `needsFollowupSql`, so a row is listed exactly when it has a reason; a reminder that came due is
 * named first, then the days since the latest follow-up, or since the start when there was none.
 */
export function followupReasonSql(today: Today, days: number) {
  const day = dayOf(today);
  return sql`(case when ${needsFollowupSql(today, days)} then case
    when e.cached_next_reminder_date <= ${day} then json_build_object('kind', 'reminder_due',
      'date', e.cached_next_reminder_date::text, 'days', ${day} - e.cached_next_reminder_date)
    when e.cached_latest_followup_date is null then json_build_object('kind', 'no_contact_since_start',
      'days', ${day} - e.started_on)
    else json_build_object('kind', 'no_contact', 'days', ${day} - e.cached_latest_followup_date) end end)`;
}
