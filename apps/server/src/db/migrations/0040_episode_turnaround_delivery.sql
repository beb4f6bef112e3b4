-- The lessons returned by school, month, lesson and days out (0037) are kept by delivery type too
-- (issue 28): a conference's Lesson turnaround by lesson of one delivery type, or by delivery type of
-- one lesson, read the network's lessons of the period (the largest conference of the 1M seed, twelve
-- months: 1.0 and 1.3 s) and reads its own counts instead. The counts are worked out again. The
-- count is an INCLUDE column of the key, as in 0039: a conference's months are read from the index
-- alone (its twelve months, 181,561 counts scattered over 27,448 pages of the table: 861 -> 162 ms).
TRUNCATE "lesson_episode_turnarounds";--> statement-breakpoint
ALTER TABLE "lesson_episode_turnarounds" DROP CONSTRAINT "lesson_episode_turnarounds_school_id_month_episode_id_days_pk";--> statement-breakpoint
ALTER TABLE "lesson_episode_turnarounds" ADD COLUMN "delivery_type" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_episode_turnarounds" ADD CONSTRAINT "lesson_episode_turnarounds_pk" PRIMARY KEY("school_id","month","episode_id","delivery_type","days") INCLUDE ("lessons");
--> statement-breakpoint
-- As migration 0039 wrote it, the counts by school and lesson kept by delivery type.
CREATE OR REPLACE FUNCTION srs_lesson_rollups(sign integer, lessons episode_deliveries[], schools bigint[], instructors bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(280037, 0);
  INSERT INTO lesson_months AS lm (month, school_id, episode_id, delivery_type, sent, completed)
    WITH u AS (
      SELECT d.*, s.school_id FROM unnest(lessons) WITH ORDINALITY d
        JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      WHERE s.school_id IS NOT NULL
    )
    SELECT x.month, x.school_id, x.episode_id, x.delivery_type, sign * sum(x.sent), sign * sum(x.completed)
    FROM (
      SELECT date_trunc('month', u.date_sent)::date AS month, u.school_id, u.episode_id,
        coalesce(u.delivery_type, '') AS delivery_type, 1 AS sent, 0 AS completed
      FROM u WHERE u.date_sent IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', u.date_completed)::date, u.school_id, u.episode_id, coalesce(u.delivery_type, ''), 0, 1
      FROM u WHERE u.date_completed IS NOT NULL
    ) x
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, school_id, episode_id, delivery_type) DO UPDATE
    SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed;
  INSERT INTO lesson_instructor_months AS lm (month, school_id, instructor_id, series_id, delivery_type, sent, completed)
    WITH u AS (
      SELECT d.*, s.school_id, coalesce(i.instructor_id, 0) AS instructor_id, ep.series_id FROM unnest(lessons) WITH ORDINALITY d
        JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
        JOIN unnest(instructors) WITH ORDINALITY i(instructor_id, n) ON i.n = d.ordinality
        JOIN episodes ep ON ep.id = d.episode_id
      WHERE s.school_id IS NOT NULL
    )
    SELECT x.month, x.school_id, x.instructor_id, x.series_id, x.delivery_type, sign * sum(x.sent), sign * sum(x.completed)
    FROM (
      SELECT date_trunc('month', u.date_sent)::date AS month, u.school_id, u.instructor_id, u.series_id,
        coalesce(u.delivery_type, '') AS delivery_type, 1 AS sent, 0 AS completed
      FROM u WHERE u.date_sent IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', u.date_completed)::date, u.school_id, u.instructor_id, u.series_id, coalesce(u.delivery_type, ''), 0, 1
      FROM u WHERE u.date_completed IS NOT NULL
    ) x
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, school_id, instructor_id, series_id, delivery_type) DO UPDATE
    SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed;
  INSERT INTO lesson_turnarounds AS lt (month, school_id, series_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, s.school_id, ep.series_id, coalesce(d.delivery_type, ''),
      d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN episodes ep ON ep.id = d.episode_id
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, school_id, series_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
  INSERT INTO lesson_instructor_turnarounds AS lt (month, school_id, instructor_id, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, s.school_id, coalesce(i.instructor_id, 0), d.date_completed - d.date_sent,
      sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN unnest(instructors) WITH ORDINALITY i(instructor_id, n) ON i.n = d.ordinality
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
  INSERT INTO lesson_network_months AS lm (month, episode_id, delivery_type, sent, completed)
    WITH u AS (
      SELECT d.* FROM unnest(lessons) WITH ORDINALITY d
        JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      WHERE s.school_id IS NOT NULL
    )
    SELECT x.month, x.episode_id, x.delivery_type, sign * sum(x.sent), sign * sum(x.completed)
    FROM (
      SELECT date_trunc('month', u.date_sent)::date AS month, u.episode_id, coalesce(u.delivery_type, '') AS delivery_type,
        1 AS sent, 0 AS completed
      FROM u WHERE u.date_sent IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', u.date_completed)::date, u.episode_id, coalesce(u.delivery_type, ''), 0, 1
      FROM u WHERE u.date_completed IS NOT NULL
    ) x
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (month, episode_id, delivery_type) DO UPDATE
    SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed;
  INSERT INTO lesson_network_turnarounds AS lt (month, episode_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, d.episode_id, coalesce(d.delivery_type, ''), d.date_completed - d.date_sent,
      sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, episode_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
  INSERT INTO lesson_episode_turnarounds AS lt (month, school_id, episode_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, s.school_id, d.episode_id, coalesce(d.delivery_type, ''),
      d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 1, 3, 4, 5
  ON CONFLICT (school_id, month, episode_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
  INSERT INTO lesson_instructor_series_turnarounds AS lt (series_id, month, school_id, instructor_id, days, lessons)
    SELECT ep.series_id, date_trunc('month', d.date_completed)::date, s.school_id, coalesce(i.instructor_id, 0),
      d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN unnest(instructors) WITH ORDINALITY i(instructor_id, n) ON i.n = d.ordinality
      JOIN episodes ep ON ep.id = d.episode_id
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (series_id, month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
  INSERT INTO lesson_instructor_delivery_turnarounds AS lt (delivery_type, month, school_id, instructor_id, days, lessons)
    SELECT coalesce(d.delivery_type, ''), date_trunc('month', d.date_completed)::date, s.school_id, coalesce(i.instructor_id, 0),
      d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN unnest(instructors) WITH ORDINALITY i(instructor_id, n) ON i.n = d.ordinality
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (delivery_type, month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_count_episode_turnarounds_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lesson_episode_turnarounds AS lt (month, school_id, episode_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, e.school_id, d.episode_id, coalesce(d.delivery_type, ''),
      d.date_completed - d.date_sent, count(*)
    FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id
    WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (school_id, month, episode_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
$$;
--> statement-breakpoint
SELECT srs_count_episode_turnarounds_after(0);
--> statement-breakpoint
-- The network's months of one lesson (a global admin's turnaround by school of one lesson read every
-- count of the period: 261 -> 24 ms on the 1M seed), the rest of the row as INCLUDE columns.
CREATE INDEX "lesson_episode_turnarounds_episode_idx" ON "lesson_episode_turnarounds" USING btree ("episode_id","month")
  INCLUDE ("school_id", "delivery_type", "days", "lessons");
