-- Lessons per month, school, lesson and delivery type, and lessons returned per month, school,
-- course, delivery type and days out (docs/decisions/014), kept by the database as lessons are
-- written, moved with their enrollment's school, and taken away with a deleted enrollment: a
-- network's Lessons and Lesson turnaround reports over whole months read these few rows.
CREATE TABLE "lesson_months" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"delivery_type" text NOT NULL,
	"sent" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "lesson_months_month_school_id_episode_id_delivery_type_pk" PRIMARY KEY("month","school_id","episode_id","delivery_type")
);
--> statement-breakpoint
CREATE TABLE "lesson_turnarounds" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"delivery_type" text NOT NULL,
	"days" integer NOT NULL,
	"lessons" integer NOT NULL,
	CONSTRAINT "lesson_turnarounds_month_school_id_series_id_delivery_type_days_pk" PRIMARY KEY("month","school_id","series_id","delivery_type","days")
);
--> statement-breakpoint
CREATE INDEX "enrollments_started_on_idx" ON "enrollments" USING btree ("started_on");--> statement-breakpoint
CREATE INDEX "decisions_created_at_idx" ON "decisions" USING btree ("created_at");
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) the lessons' counts, each lesson under the school beside it.
CREATE FUNCTION srs_lesson_rollups(sign integer, lessons episode_deliveries[], schools bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
  INSERT INTO lesson_turnarounds AS lt (month, school_id, series_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, s.school_id, ep.series_id, coalesce(d.delivery_type, ''),
      d.date_completed - d.date_sent, sign * count(*)
    FROM unnest(lessons) WITH ORDINALITY d
      JOIN unnest(schools) WITH ORDINALITY s(school_id, n) ON s.n = d.ordinality
      JOIN episodes ep ON ep.id = d.episode_id
    WHERE d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND s.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (month, school_id, series_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
END $$;
--> statement-breakpoint
-- Lessons written: the old rows' counts go, the new rows' come, under their enrollment's school (a
-- lesson whose enrollment is being deleted has none left: that enrollment took its counts away).
CREATE FUNCTION srs_lessons_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM srs_lesson_rollups(-1,
      ARRAY(SELECT o::episode_deliveries FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id),
      ARRAY(SELECT e.school_id FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM srs_lesson_rollups(1,
      ARRAY(SELECT n::episode_deliveries FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id),
      ARRAY(SELECT e.school_id FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER episode_deliveries_counted_insert AFTER INSERT ON "episode_deliveries"
  REFERENCING NEW TABLE AS srs_new_lessons FOR EACH STATEMENT EXECUTE FUNCTION srs_lessons_counted();
--> statement-breakpoint
CREATE TRIGGER episode_deliveries_counted_update AFTER UPDATE ON "episode_deliveries"
  REFERENCING OLD TABLE AS srs_old_lessons NEW TABLE AS srs_new_lessons FOR EACH STATEMENT EXECUTE FUNCTION srs_lessons_counted();
--> statement-breakpoint
CREATE TRIGGER episode_deliveries_counted_delete AFTER DELETE ON "episode_deliveries"
  REFERENCING OLD TABLE AS srs_old_lessons FOR EACH STATEMENT EXECUTE FUNCTION srs_lessons_counted();
--> statement-breakpoint
-- An enrollment that moves with its student moves its lessons' counts to the new school.
CREATE FUNCTION srs_enrollment_lessons_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM srs_lesson_rollups(-1,
    ARRAY(SELECT d FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
      JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.school_id IS DISTINCT FROM n.school_id ORDER BY d.id),
    ARRAY(SELECT o.school_id FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
      JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.school_id IS DISTINCT FROM n.school_id ORDER BY d.id));
  PERFORM srs_lesson_rollups(1,
    ARRAY(SELECT d FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
      JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.school_id IS DISTINCT FROM n.school_id ORDER BY d.id),
    ARRAY(SELECT n.school_id FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
      JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.school_id IS DISTINCT FROM n.school_id ORDER BY d.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_lessons_moved AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_lessons_moved();
--> statement-breakpoint
-- An enrollment deleted takes its lessons' counts away while they are still there to count.
CREATE FUNCTION srs_enrollment_lessons_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM srs_lesson_rollups(-1,
    ARRAY(SELECT d FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id),
    ARRAY(SELECT OLD.school_id FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_lessons_gone BEFORE DELETE ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION srs_enrollment_lessons_gone();
--> statement-breakpoint
-- The counts of the lessons of every enrollment after a given one, set-based: the backfill below,
-- and the large seed, which writes with the triggers off.
CREATE FUNCTION srs_count_lessons_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lesson_months AS lm (month, school_id, episode_id, delivery_type, sent, completed)
    SELECT x.month, x.school_id, x.episode_id, x.delivery_type, sum(x.sent), sum(x.completed)
    FROM (
      SELECT date_trunc('month', d.date_sent)::date AS month, e.school_id, d.episode_id,
        coalesce(d.delivery_type, '') AS delivery_type, 1 AS sent, 0 AS completed
      FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id
      WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND e.school_id IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', d.date_completed)::date, e.school_id, d.episode_id, coalesce(d.delivery_type, ''), 0, 1
      FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id
      WHERE e.id > after_enrollment AND d.date_completed IS NOT NULL AND e.school_id IS NOT NULL
    ) x
    GROUP BY 1, 2, 3, 4
  ON CONFLICT (month, school_id, episode_id, delivery_type) DO UPDATE
    SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed;
  INSERT INTO lesson_turnarounds AS lt (month, school_id, series_id, delivery_type, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, e.school_id, ep.series_id, coalesce(d.delivery_type, ''),
      d.date_completed - d.date_sent, count(*)
    FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id JOIN episodes ep ON ep.id = d.episode_id
    WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (month, school_id, series_id, delivery_type, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
$$;
--> statement-breakpoint
SELECT srs_count_lessons_after(0);
--> statement-breakpoint
-- The p-th percentile (0 to 1) of values given with their counts, pairs [value, count] in the
-- order of the values, interpolated as percentile_cont interpolates the values themselves.
CREATE FUNCTION srs_weighted_percentile(p double precision, pairs integer[]) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  total bigint := 0;
  seen bigint := 0;
  rank double precision;
  below double precision;
  above double precision;
  i integer;
BEGIN
  IF pairs IS NULL OR cardinality(pairs) = 0 THEN
    RETURN NULL;
  END IF;
  FOR i IN 1 .. array_length(pairs, 1) LOOP
    total := total + greatest(pairs[i][2], 0);
  END LOOP;
  IF total = 0 THEN
    RETURN NULL;
  END IF;
  rank := p * (total - 1);
  FOR i IN 1 .. array_length(pairs, 1) LOOP
    CONTINUE WHEN pairs[i][2] <= 0;
    seen := seen + pairs[i][2];
    IF below IS NULL AND seen > floor(rank) THEN
      below := pairs[i][1];
    END IF;
    IF seen > ceil(rank) THEN
      above := pairs[i][1];
      EXIT;
    END IF;
  END LOOP;
  RETURN below + (rank - floor(rank)) * (above - below);
END $$;
