import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../../src/db/client.ts';
import { studentColumnsAs, studentEmailKey, studentNameZipKey, studentPhoneKey } from '../../../src/db/schema/person-keys.ts';

/**
 * What the database keeps besides the rows themselves, each set against a recount from the rows:
 * the enrollments' caches (enrollment-caches.ts), the lesson roll-ups of the reports (migrations
 * 0010, 0024, 0025, 0037, 0044), the decisions by month and row (0036), the enrollments by month (0043), the students per series and school (0007), the name search's words (0005) and the students per
 * key of the same person (0029). Each query
 * answers how many rows disagree; the crash drill runs them after every restart (those kept per
 * student for the students the round wrote, all of them every few rounds), tests through
 * `expectLessonCountsKept` (lesson-rollups.ts) and their own assertions.
 */

/** The lesson counts as migration 0010 defines them, from the lessons themselves. */
export const countedLessons = `select x.month, x.school_id, x.episode_id, x.delivery_type, sum(x.sent)::int as sent,
    sum(x.completed)::int as completed
  from (
    select date_trunc('month', d.date_sent)::date as month, e.school_id, d.episode_id,
      coalesce(d.delivery_type, '') as delivery_type, 1 as sent, 0 as completed
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id where d.date_sent is not null
    union all
    select date_trunc('month', d.date_completed)::date, e.school_id, d.episode_id, coalesce(d.delivery_type, ''), 0, 1
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id where d.date_completed is not null
  ) x group by 1, 2, 3, 4`;
export const keptLessons = `select month, school_id, episode_id, delivery_type, sent, completed from lesson_months
  where sent <> 0 or completed <> 0`;
export const countedTurnarounds = `select date_trunc('month', d.date_completed)::date as month, e.school_id, ep.series_id,
    coalesce(d.delivery_type, '') as delivery_type, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id join episodes ep on ep.id = d.episode_id
  where d.date_sent is not null and d.date_completed >= d.date_sent group by 1, 2, 3, 4, 5`;
export const keptTurnarounds = `select month, school_id, series_id, delivery_type, days, lessons from lesson_turnarounds
  where lessons <> 0`;

/** The same counts by the student's instructor (0 for none) and course (migration 0024). */
export const countedInstructorLessons = `select x.month, x.school_id, x.instructor_id, x.series_id, x.delivery_type,
    sum(x.sent)::int as sent, sum(x.completed)::int as completed
  from (
    select date_trunc('month', d.date_sent)::date as month, e.school_id, coalesce(s.instructor_id, 0) as instructor_id,
      ep.series_id, coalesce(d.delivery_type, '') as delivery_type, 1 as sent, 0 as completed
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id join students s on s.id = e.student_id
      join episodes ep on ep.id = d.episode_id
    where d.date_sent is not null
    union all
    select date_trunc('month', d.date_completed)::date, e.school_id, coalesce(s.instructor_id, 0), ep.series_id,
      coalesce(d.delivery_type, ''), 0, 1
    from episode_deliveries d join enrollments e on e.id = d.enrollment_id join students s on s.id = e.student_id
      join episodes ep on ep.id = d.episode_id
    where d.date_completed is not null
  ) x group by 1, 2, 3, 4, 5`;
export const keptInstructorLessons = `select month, school_id, instructor_id, series_id, delivery_type, sent, completed
  from lesson_instructor_months where sent <> 0 or completed <> 0`;
/** The same counts by month, school and instructor alone (migration 0044). */
export const countedInstructorLessonTotals = `select month, school_id, instructor_id, sum(sent)::int as sent, sum(completed)::int as completed
  from (${countedInstructorLessons}) x group by 1, 2, 3`;
export const keptInstructorLessonTotals = `select month, school_id, instructor_id, sent, completed
  from lesson_instructor_totals where sent <> 0 or completed <> 0`;
export const countedInstructorTurnarounds = `select date_trunc('month', d.date_completed)::date as month, e.school_id,
    coalesce(s.instructor_id, 0) as instructor_id, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id join students s on s.id = e.student_id
  where d.date_sent is not null and d.date_completed >= d.date_sent group by 1, 2, 3, 4`;
export const keptInstructorTurnarounds = `select month, school_id, instructor_id, days, lessons from lesson_instructor_turnarounds
  where lessons <> 0`;

/** The whole network's counts (migration 0025): those by school, without the school. */
export const countedNetworkLessons = `select month, episode_id, delivery_type, sum(sent)::int as sent, sum(completed)::int as completed
  from (${countedLessons}) x group by 1, 2, 3`;
export const keptNetworkLessons = `select month, episode_id, delivery_type, sent, completed from lesson_network_months
  where sent <> 0 or completed <> 0`;
export const countedNetworkTurnarounds = `select date_trunc('month', d.date_completed)::date as month, d.episode_id,
    coalesce(d.delivery_type, '') as delivery_type, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id
  where d.date_sent is not null and d.date_completed >= d.date_sent and e.school_id is not null group by 1, 2, 3, 4`;
export const keptNetworkTurnarounds = `select month, episode_id, delivery_type, days, lessons from lesson_network_turnarounds
  where lessons <> 0`;
/** The lessons returned by school, lesson and delivery type (migrations 0037, 0040). */
export const countedEpisodeTurnarounds = `select date_trunc('month', d.date_completed)::date as month, e.school_id, d.episode_id,
    coalesce(d.delivery_type, '') as delivery_type, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id
  where d.date_sent is not null and d.date_completed >= d.date_sent and e.school_id is not null group by 1, 2, 3, 4, 5`;
export const keptEpisodeTurnarounds = `select month, school_id, episode_id, delivery_type, days, lessons from lesson_episode_turnarounds
  where lessons <> 0`;
/** The lessons returned by school and instructor, by course and by delivery type (migration 0039). */
export const countedInstructorSeriesTurnarounds = `select ep.series_id, date_trunc('month', d.date_completed)::date as month, e.school_id,
    coalesce(e.instructor_id, 0) as instructor_id, d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id join episodes ep on ep.id = d.episode_id
  where d.date_sent is not null and d.date_completed >= d.date_sent and e.school_id is not null group by 1, 2, 3, 4, 5`;
export const keptInstructorSeriesTurnarounds = `select series_id, month, school_id, instructor_id, days, lessons
  from lesson_instructor_series_turnarounds where lessons <> 0`;
export const countedInstructorDeliveryTurnarounds = `select coalesce(d.delivery_type, '') as delivery_type,
    date_trunc('month', d.date_completed)::date as month, e.school_id, coalesce(e.instructor_id, 0) as instructor_id,
    d.date_completed - d.date_sent as days, count(*)::int as lessons
  from episode_deliveries d join enrollments e on e.id = d.enrollment_id
  where d.date_sent is not null and d.date_completed >= d.date_sent and e.school_id is not null group by 1, 2, 3, 4, 5`;
export const keptInstructorDeliveryTurnarounds = `select delivery_type, month, school_id, instructor_id, days, lessons
  from lesson_instructor_delivery_turnarounds where lessons <> 0`;

/** The active enrollments per school and follow-up and reminder days (migration 0026). */
export const countedFollowups = `select school_id, coalesce(cached_latest_followup_date, started_on) as followup_date,
    coalesce(cached_next_reminder_date, 'infinity') as reminder_date, count(*)::int as enrollments
  from enrollments where status in ('Applied', 'Enrolled', 'Attended') and not orphaned and school_id is not null group by 1, 2, 3`;
export const keptFollowups = 'select school_id, followup_date, reminder_date, enrollments from followup_counts where enrollments <> 0';

/**
 * The students (not erased) per key of the same person (migration 0029), worked out with the
 * app's own key expressions (person-keys.ts), which the students' indexes hold: the migration's
 * SQL copy of them must agree.
 */
const keyOf = (key: (columns: ReturnType<typeof studentColumnsAs>) => Parameters<PgDialect['sqlToQuery']>[0]) =>
  new PgDialect().sqlToQuery(key(studentColumnsAs('s'))).sql;
export const countedStudentKeys = `select k.kind, k.key, count(*)::int as students
  from students s cross join lateral (values (1::smallint, ${keyOf(studentEmailKey)}), (2::smallint, ${keyOf(studentPhoneKey)}),
    (3::smallint, ${keyOf(studentNameZipKey)})) k(kind, key)
  where s.erased_at is null and k.key is not null group by 1, 2`;
export const keptStudentKeys = 'select kind, key, students from student_key_counts';

const bothWays = (a: string, b: string) => `select count(*)::int as n from (((${a}) except (${b})) union all ((${b}) except (${a}))) x`;

/**
 * The caches refreshEnrollmentCaches writes, recomputed by the same rules; `among` limits the
 * enrollments to those of the students it names (a subquery of student ids).
 */
const enrollmentCachesOf = (among?: string) => `with facts as (
    select e.id, e.lesson_number, e.last_sent_delivery_date, e.cached_latest_followup_date, e.cached_next_reminder_date,
      coalesce((select max(ep.position) from episode_deliveries d join episodes ep on ep.id = d.episode_id
        where d.enrollment_id = e.id and d.date_sent is not null), 0) as lessons,
      (select max(d.date_sent) from episode_deliveries d where d.enrollment_id = e.id) as last_sent,
      greatest(
        (select max(greatest(d.date_sent, d.date_completed)) from episode_deliveries d where d.enrollment_id = e.id),
        (select max(v.date) from visits v where v.enrollment_id = e.id),
        (select max(coalesce(ep.date, a.created_at::date)) from attendances a join episodes ep on ep.id = a.episode_id
          where a.enrollment_id = e.id),
        (select max(n.created_at)::date from notes n where n.cached_enrollment_id = e.id)) as latest
    from enrollments e${among ? ` where e.student_id in (${among})` : ''})
  select count(*)::int as n from facts f
  where f.lesson_number is distinct from f.lessons or f.last_sent_delivery_date is distinct from f.last_sent
    or f.cached_latest_followup_date is distinct from f.latest
    or f.cached_next_reminder_date is distinct from (select min(r.date) from reminders r
      where r.enrollment_id = f.id and (f.latest is null or r.date > f.latest))`;

const seriesStudents = bothWays(
  `select series_id, school_id, students from series_school_students where students <> 0`,
  `select series_id, school_id, count(distinct student_id)::int from enrollments group by 1, 2`,
);

/** The search's name words; `among` as for the caches (a student's words go with it: the foreign key cascades). */
const nameWordsOf = (among?: string) =>
  bothWays(
    `select distinct s.id, t.word, s.last_name, s.first_name, s.school_id, s.instructor_id
    from students s cross join regexp_split_to_table(s.search_name, ' ') t(word) where t.word <> ''${among ? ` and s.id in (${among})` : ''}`,
    `select sw.student_id, w.word, sw.last_name, sw.first_name, sw.school_id, sw.instructor_id
    from student_words sw join name_words w on w.id = sw.word_id${among ? ` where sw.student_id in (${among})` : ''}`,
  );

/**
 * The rows of the Decisions report one decision of `d` (its option `o`) is in: the totals ('all'),
 * its option's name, series, lesson (and series), school and instructor.
 */
const decisionRowsOf = (d: string, o: string) => `(values ('all', '', 0::bigint, 0::bigint, 0::bigint, 0::bigint),
    ('option', ${o}.name, 0, 0, 0, 0), ('series', '', ${o}.series_id, 0, 0, 0),
    ('lesson', '', ${o}.series_id, coalesce(${d}.cached_episode_id, 0), 0, 0),
    ('school', '', 0, 0, coalesce(${d}.cached_school_id, 0), 0),
    ('instructor', '', 0, 0, 0, coalesce(${d}.cached_instructor_id, 0)))`;

/**
 * The decisions by month and row as migration 0036 defines them: each under the month of its
 * student's latest decision before it (by moment, then id) in the same row, '-infinity' for none,
 * months of the zone the counts are kept in; the kept rows of one key added up.
 */
const keptZone = `(select zone from decision_months_zone)`;
export const countedDecisionMonths = `select k.kind, k.option_name, k.series_id, k.episode_id, k.school_id, k.instructor_id,
    date_trunc('month', d.created_at at time zone ${keptZone})::date as month,
    coalesce((select date_trunc('month', max(p.created_at) at time zone ${keptZone})::date
      from decisions p join decision_options po on po.id = p.decision_option_id
      cross join lateral ${decisionRowsOf('p', 'po')} pk(kind, option_name, series_id, episode_id, school_id, instructor_id)
      where p.cached_student_id = d.cached_student_id and (p.created_at, p.id) < (d.created_at, d.id)
        and (pk.kind, pk.option_name, pk.series_id, pk.episode_id, pk.school_id, pk.instructor_id)
          = (k.kind, k.option_name, k.series_id, k.episode_id, k.school_id, k.instructor_id)), '-infinity'::date) as prev_month,
    count(*)::int as decisions
  from decisions d join decision_options o on o.id = d.decision_option_id
  cross join lateral ${decisionRowsOf('d', 'o')} k(kind, option_name, series_id, episode_id, school_id, instructor_id)
  group by 1, 2, 3, 4, 5, 6, 7, 8`;
const decisionMonthKeys = 'kind, option_name, series_id, episode_id, school_id, instructor_id, month, prev_month';
export const keptDecisionMonths = `select ${decisionMonthKeys}, sum(decisions)::int as decisions
  from decision_months group by ${decisionMonthKeys} having sum(decisions) <> 0`;

/**
 * The enrollments by month started, school (0 for none), course and status, and by month, school and
 * instructor (0 for none) with the active, graduated and inactive among them (migration 0043); the
 * kept rows of one key added up.
 */
const enrollmentMonth = `date_trunc('month', started_on::timestamp)::date`;
export const countedEnrollmentMonths = `select ${enrollmentMonth} as month, coalesce(school_id, 0) as school_id, series_id, status,
    count(*)::int as enrollments
  from enrollments group by 1, 2, 3, 4`;
const enrollmentMonthKeys = 'month, school_id, series_id, status';
export const keptEnrollmentMonths = `select ${enrollmentMonthKeys}, sum(enrollments)::int as enrollments
  from enrollment_months group by ${enrollmentMonthKeys} having sum(enrollments) <> 0`;
export const countedEnrollmentInstructorMonths = `select ${enrollmentMonth} as month, coalesce(school_id, 0) as school_id,
    coalesce(instructor_id, 0) as instructor_id, count(*)::int as enrollments,
    count(*) filter (where status in ('Applied', 'Enrolled', 'Attended'))::int as active,
    count(*) filter (where status = 'Graduated')::int as graduated, count(*) filter (where status = 'Inactive')::int as inactive
  from enrollments group by 1, 2, 3`;
const enrollmentInstructorMonthKeys = 'month, school_id, instructor_id';
export const keptEnrollmentInstructorMonths = `select ${enrollmentInstructorMonthKeys}, sum(enrollments)::int as enrollments,
    sum(active)::int as active, sum(graduated)::int as graduated, sum(inactive)::int as inactive
  from enrollment_instructor_months group by ${enrollmentInstructorMonthKeys}
  having (sum(enrollments), sum(active), sum(graduated), sum(inactive)) <> (0, 0, 0, 0)`;

export const negativeKeptCounts = `select ((select count(*) from lesson_months where sent < 0 or completed < 0)
    + (select count(*) from lesson_turnarounds where lessons < 0)
    + (select count(*) from lesson_instructor_months where sent < 0 or completed < 0)
    + (select count(*) from lesson_instructor_totals where sent < 0 or completed < 0)
    + (select count(*) from lesson_instructor_turnarounds where lessons < 0)
    + (select count(*) from lesson_network_months where sent < 0 or completed < 0)
    + (select count(*) from lesson_network_turnarounds where lessons < 0)
    + (select count(*) from lesson_episode_turnarounds where lessons < 0)
    + (select count(*) from lesson_instructor_series_turnarounds where lessons < 0)
    + (select count(*) from lesson_instructor_delivery_turnarounds where lessons < 0)
    + (select count(*) from followup_counts where enrollments < 0)
    + (select count(*) from (select 1 from decision_months group by ${decisionMonthKeys} having sum(decisions) < 0) x)
    + (select count(*) from (select 1 from enrollment_months group by ${enrollmentMonthKeys} having sum(enrollments) < 0) x)
    + (select count(*) from (select 1 from enrollment_instructor_months group by ${enrollmentInstructorMonthKeys}
        having least(sum(enrollments), sum(active), sum(graduated), sum(inactive)) < 0) x))::int as n`;

const checksAmong = (among?: string): Record<string, string> => ({
  'enrollment caches (lesson number, last sent, latest follow-up, next reminder)': enrollmentCachesOf(among),
  'lesson counts of the reports (lesson_months)': bothWays(countedLessons, keptLessons),
  'lesson turnarounds of the reports (lesson_turnarounds)': bothWays(countedTurnarounds, keptTurnarounds),
  'lesson counts by instructor (lesson_instructor_months)': bothWays(countedInstructorLessons, keptInstructorLessons),
  'lesson counts by instructor alone (lesson_instructor_totals)': bothWays(countedInstructorLessonTotals, keptInstructorLessonTotals),
  'lesson turnarounds by instructor (lesson_instructor_turnarounds)': bothWays(countedInstructorTurnarounds, keptInstructorTurnarounds),
  "the network's lesson counts (lesson_network_months)": bothWays(countedNetworkLessons, keptNetworkLessons),
  "the network's lesson turnarounds (lesson_network_turnarounds)": bothWays(countedNetworkTurnarounds, keptNetworkTurnarounds),
  'lesson turnarounds by school and lesson (lesson_episode_turnarounds)': bothWays(countedEpisodeTurnarounds, keptEpisodeTurnarounds),
  'lesson turnarounds by instructor and course (lesson_instructor_series_turnarounds)': bothWays(
    countedInstructorSeriesTurnarounds,
    keptInstructorSeriesTurnarounds,
  ),
  'lesson turnarounds by instructor and delivery type (lesson_instructor_delivery_turnarounds)': bothWays(
    countedInstructorDeliveryTurnarounds,
    keptInstructorDeliveryTurnarounds,
  ),
  'enrollments by follow-up day (followup_counts)': bothWays(countedFollowups, keptFollowups),
  'students per key of the same person (student_key_counts)': bothWays(countedStudentKeys, keptStudentKeys),
  "the network's decisions by month and row (decision_months)": bothWays(countedDecisionMonths, keptDecisionMonths),
  'enrollments by month, school, course and status (enrollment_months)': bothWays(countedEnrollmentMonths, keptEnrollmentMonths),
  'enrollments by month, school and instructor (enrollment_instructor_months)': bothWays(
    countedEnrollmentInstructorMonths,
    keptEnrollmentInstructorMonths,
  ),
  'negative kept counts': negativeKeptCounts,
  'students per series and school (series_school_students)': seriesStudents,
  'name words of the search (student_words)': nameWordsOf(among),
});

export const keptCountChecks: Record<string, string> = checksAmong();

/**
 * Each kept count that disagrees with its rows, with how many rows disagree. With `lastNames`, the
 * counts kept per student and per enrollment (caches, name words) are recounted for the students of
 * those last names only (the crash drill's round: what it wrote); the report counts and the students
 * per series are tables of a few rows per school and month, recounted whole either way.
 */
export async function keptCountsDisagreeing(
  database: Database,
  scope?: { lastNames: string[] },
): Promise<{ check: string; rows: number }[]> {
  const found: { check: string; rows: number }[] = [];
  const checks = scope ? checksAmong('select id from students where last_name = any($1::text[])') : keptCountChecks;
  for (const [check, text] of Object.entries(checks)) {
    const params = scope && text.includes('$1') ? [scope.lastNames] : [];
    const [row] = await database.query<{ n: number }>(text, params);
    if (row && row.n > 0) found.push({ check, rows: row.n });
  }
  return found;
}
