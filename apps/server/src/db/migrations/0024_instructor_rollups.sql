-- Lessons by month, school, the student's instructor, course and delivery type, and lessons
-- returned by month, school, instructor and days out (issue 28), kept as lesson_months and
-- lesson_turnarounds are (0010): a network's Lessons and Lesson turnaround reports by instructor
-- read these rows instead of every lesson and its student.
CREATE TABLE "lesson_instructor_months" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"delivery_type" text NOT NULL,
	"sent" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "lesson_instructor_months_month_school_id_instructor_id_series_id_delivery_type_pk" PRIMARY KEY("month","school_id","instructor_id","series_id","delivery_type")
);
--> statement-breakpoint
CREATE TABLE "lesson_instructor_turnarounds" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint NOT NULL,
	"days" integer NOT NULL,
	"lessons" integer NOT NULL,
	CONSTRAINT "lesson_instructor_turnarounds_month_school_id_instructor_id_days_pk" PRIMARY KEY("month","school_id","instructor_id","days")
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "instructor_id" bigint;--> statement-breakpoint
-- Enrollments carry their student's instructor as they carry the school (0006), set when written
-- and moved with the student; the lessons' counts by instructor (issue 28) follow both.
UPDATE enrollments e SET instructor_id = s.instructor_id FROM students s
  WHERE s.id = e.student_id AND s.instructor_id IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_enrollment_school() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.school_id, s.instructor_id INTO NEW.school_id, NEW.instructor_id FROM students s WHERE s.id = NEW.student_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER enrollments_school ON "enrollments";--> statement-breakpoint
CREATE TRIGGER enrollments_school BEFORE INSERT OR UPDATE OF "student_id", "school_id", "instructor_id" ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION srs_enrollment_school();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_student_school_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments e SET school_id = n.school_id, instructor_id = n.instructor_id
    FROM srs_new_students n JOIN srs_old_students o ON o.id = n.id
    WHERE e.student_id = n.id AND (n.school_id, n.instructor_id) IS DISTINCT FROM (o.school_id, o.instructor_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) the lessons' counts, each lesson under the school and the
-- instructor beside it (a null school: not counted; a null instructor: counted as 0, none).
DROP FUNCTION srs_lesson_rollups(integer, episode_deliveries[], bigint[]);--> statement-breakpoint
CREATE FUNCTION srs_lesson_rollups(sign integer, lessons episode_deliveries[], schools bigint[], instructors bigint[]) RETURNS void
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
END $$;

--> statement-breakpoint
-- Lessons written: the old rows' counts go, the new rows' come, under their enrollment's school and
-- instructor (a lesson whose enrollment is being deleted has none left: that enrollment took its
-- counts away).
CREATE OR REPLACE FUNCTION srs_lessons_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM srs_lesson_rollups(-1,
      ARRAY(SELECT o::episode_deliveries FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id),
      ARRAY(SELECT e.school_id FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id),
      ARRAY(SELECT e.instructor_id FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM srs_lesson_rollups(1,
      ARRAY(SELECT n::episode_deliveries FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id),
      ARRAY(SELECT e.school_id FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id),
      ARRAY(SELECT e.instructor_id FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An enrollment whose student moves to another school or instructor (or that is moved to another
-- student, by a merge) moves its lessons' counts with it.
CREATE OR REPLACE FUNCTION srs_enrollment_lessons_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint[];
BEGIN
  SELECT array_agg(n.id ORDER BY n.id) INTO moved FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
    WHERE (o.school_id, o.instructor_id) IS DISTINCT FROM (n.school_id, n.instructor_id);
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM srs_lesson_rollups(-1,
    ARRAY(SELECT d FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT o.school_id FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT o.instructor_id FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id));
  PERFORM srs_lesson_rollups(1,
    ARRAY(SELECT d FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT n.school_id FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT n.instructor_id FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An enrollment deleted takes its lessons' counts away while they are still there to count; one
-- whose lessons went first has none (0023).
CREATE OR REPLACE FUNCTION srs_enrollment_lessons_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM episode_deliveries d WHERE d.enrollment_id = OLD.id) THEN
    PERFORM srs_lesson_rollups(-1,
      ARRAY(SELECT d FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id),
      ARRAY(SELECT OLD.school_id FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id),
      ARRAY(SELECT OLD.instructor_id FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- The counts by instructor of the lessons of every enrollment after a given one, set-based: the
-- backfill below, and the large seed (srs_count_lessons_after), which writes with the triggers off.
CREATE FUNCTION srs_count_instructor_lessons_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lesson_instructor_months AS lm (month, school_id, instructor_id, series_id, delivery_type, sent, completed)
    SELECT x.month, x.school_id, x.instructor_id, x.series_id, x.delivery_type, sum(x.sent), sum(x.completed)
    FROM (
      SELECT date_trunc('month', d.date_sent)::date AS month, e.school_id, coalesce(e.instructor_id, 0) AS instructor_id,
        ep.series_id, coalesce(d.delivery_type, '') AS delivery_type, 1 AS sent, 0 AS completed
      FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id JOIN episodes ep ON ep.id = d.episode_id
      WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND e.school_id IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', d.date_completed)::date, e.school_id, coalesce(e.instructor_id, 0), ep.series_id,
        coalesce(d.delivery_type, ''), 0, 1
      FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id JOIN episodes ep ON ep.id = d.episode_id
      WHERE e.id > after_enrollment AND d.date_completed IS NOT NULL AND e.school_id IS NOT NULL
    ) x
    GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (month, school_id, instructor_id, series_id, delivery_type) DO UPDATE
    SET sent = lm.sent + excluded.sent, completed = lm.completed + excluded.completed;
  INSERT INTO lesson_instructor_turnarounds AS lt (month, school_id, instructor_id, days, lessons)
    SELECT date_trunc('month', d.date_completed)::date, e.school_id, coalesce(e.instructor_id, 0), d.date_completed - d.date_sent, count(*)
    FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id
    WHERE e.id > after_enrollment AND d.date_sent IS NOT NULL AND d.date_completed >= d.date_sent AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
  ON CONFLICT (month, school_id, instructor_id, days) DO UPDATE SET lessons = lt.lessons + excluded.lessons;
$$;
--> statement-breakpoint
SELECT srs_count_instructor_lessons_after(0);
