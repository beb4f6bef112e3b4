-- The lessons returned per month of return, school, lesson and days out (issue 28), kept with the
-- other counts of the lessons (0010, 0024, 0025): a conference's Lesson turnaround by lesson read
-- every lesson returned in the network over the period to find its schools' (the largest
-- conference of the 1M seed, twelve months: 4 million lessons, 880 ms), and reads some 100,000
-- counts instead, by school first: a conference's schools and months are ranges of its key.
CREATE TABLE "lesson_episode_turnarounds" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"lessons" integer NOT NULL,
	CONSTRAINT "lesson_episode_turnarounds_school_id_month_episode_id_days_pk" PRIMARY KEY("school_id","month","episode_id","days")
);
--> statement-breakpoint
-- As migration 0025 wrote it, with the counts by lesson and school added, and one writer of the
-- counts at a time: the counts of a month, lesson or school are shared by every writer, each save
-- of a lesson takes theirs off and puts them back in its own order, and concurrent saves of
-- several lessons deadlocked (8 instructors saving 4 lessons each at once: 6 to 18 of 80 saves
-- refused). The lock is held until the writer commits, as the counts' rows were.
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
  INSERT INTO lesson_episode_turnarounds AS lt (month, school_id, episode_id, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, s.school_id, d.episode_id, d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 2, 1, 3, 4
  ON CONFLICT (month, school_id, episode_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
END $$;
--> statement-breakpoint
-- The counts by lesson and school of the lessons of every enrollment after a given one, set-based:
-- the backfill below, and the large seed (which writes with the triggers off).
CREATE FUNCTION srs_count_episode_turnarounds_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lesson_episode_turnarounds AS lt (month, school_id, episode_id, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, e.school_id, d.episode_id, d.date_completed - d.date_sent, count(*)
    FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id
    WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
  ON CONFLICT (month, school_id, episode_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
$$;
--> statement-breakpoint
SELECT srs_count_episode_turnarounds_after(0);
--> statement-breakpoint
-- A report of one lesson (its filter) reads that lesson's records: a global admin's Lessons by
-- instructor of one lesson read the network's lessons of the period (575 ms on the 1M seed).
CREATE INDEX "episode_deliveries_episode_id_idx" ON "episode_deliveries" USING btree ("episode_id");
