-- The lesson counts (srs_lesson_rollups, every writer of lessons and an import's deferred count):
-- each of the nine counts zipped the lessons with their schools and instructors again (two or three
-- joins by position over the whole array, some 0.25 s each for an import's 100,000 lessons). One
-- statement now zips them once and writes the nine counts from it; the counts written are the same.
CREATE OR REPLACE FUNCTION srs_lesson_rollups(sign integer, lessons episode_deliveries[], schools bigint[], instructors bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(280037, 0);
  -- The lessons with their school, instructor (0: none) and series, zipped once for every count (each
  -- count by series reads only the lessons whose episode is there, as when each count zipped its own).
  WITH u AS MATERIALIZED (
    SELECT d.date_sent, d.date_completed, coalesce(d.delivery_type, '') AS delivery_type, d.episode_id, s.school_id,
      coalesce(i.instructor_id, 0) AS instructor_id, ep.series_id
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN unnest(instructors) WITH ORDINALITY i(instructor_id, n) ON i.n = d.ordinality
      LEFT JOIN episodes ep ON ep.id = d.episode_id
    WHERE s.school_id IS NOT NULL
  ),
  -- Each lesson sent in its month, each lesson returned in its.
  marks AS MATERIALIZED (
    SELECT date_trunc('month', u.date_sent)::date AS month, u.school_id, u.instructor_id, u.series_id, u.episode_id,
      u.delivery_type, 1 AS sent, 0 AS completed
    FROM u WHERE u.date_sent IS NOT NULL
    UNION ALL
    SELECT date_trunc('month', u.date_completed)::date, u.school_id, u.instructor_id, u.series_id, u.episode_id, u.delivery_type, 0, 1
    FROM u WHERE u.date_completed IS NOT NULL
  ),
  -- Each lesson returned, in the month it was, with the days it took.
  turned AS MATERIALIZED (
    SELECT date_trunc('month', u.date_completed)::date AS month, u.school_id, u.instructor_id, u.series_id, u.episode_id,
      u.delivery_type, u.date_completed - u.date_sent AS days
    FROM u WHERE u.date_sent IS NOT NULL AND u.date_completed >= u.date_sent
  ),
  months AS (
    INSERT INTO lesson_months AS lm (month, school_id, episode_id, delivery_type, sent, completed)
      SELECT month, school_id, episode_id, delivery_type, sign * sum(sent), sign * sum(completed)
      FROM marks GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, school_id, episode_id, delivery_type) DO UPDATE
      SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed),
  instructor_months AS (
    INSERT INTO lesson_instructor_months AS lm (month, school_id, instructor_id, series_id, delivery_type, sent, completed)
      SELECT month, school_id, instructor_id, series_id, delivery_type, sign * sum(sent), sign * sum(completed)
      FROM marks WHERE series_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, school_id, instructor_id, series_id, delivery_type) DO UPDATE
      SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed),
  network_months AS (
    INSERT INTO lesson_network_months AS lm (month, episode_id, delivery_type, sent, completed)
      SELECT month, episode_id, delivery_type, sign * sum(sent), sign * sum(completed)
      FROM marks GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, episode_id, delivery_type) DO UPDATE
      SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed),
  turnarounds AS (
    INSERT INTO lesson_turnarounds AS lt (month, school_id, series_id, delivery_type, days, lessons)
      SELECT month, school_id, series_id, delivery_type, days, sign * count(*)
      FROM turned WHERE series_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (month, school_id, series_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons),
  instructor_turnarounds AS (
    INSERT INTO lesson_instructor_turnarounds AS lt (month, school_id, instructor_id, days, lessons)
      SELECT month, school_id, instructor_id, days, sign * count(*)
      FROM turned GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons),
  network_turnarounds AS (
    INSERT INTO lesson_network_turnarounds AS lt (month, episode_id, delivery_type, days, lessons)
      SELECT month, episode_id, delivery_type, days, sign * count(*)
      FROM turned GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, episode_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons),
  episode_turnarounds AS (
    INSERT INTO lesson_episode_turnarounds AS lt (month, school_id, episode_id, delivery_type, days, lessons)
      SELECT month, school_id, episode_id, delivery_type, days, sign * count(*)
      FROM turned GROUP BY 1, 2, 3, 4, 5 ORDER BY 2, 1, 3, 4, 5
    ON CONFLICT (school_id, month, episode_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons),
  instructor_series_turnarounds AS (
    INSERT INTO lesson_instructor_series_turnarounds AS lt (series_id, month, school_id, instructor_id, days, lessons)
      SELECT series_id, month, school_id, instructor_id, days, sign * count(*)
      FROM turned WHERE series_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (series_id, month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons)
  INSERT INTO lesson_instructor_delivery_turnarounds AS lt (delivery_type, month, school_id, instructor_id, days, lessons)
    SELECT delivery_type, month, school_id, instructor_id, days, sign * count(*)
    FROM turned GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (delivery_type, month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
END $$;
--> statement-breakpoint
ALTER FUNCTION srs_lesson_rollups(integer, episode_deliveries[], bigint[], bigint[]) SET jit = off;
