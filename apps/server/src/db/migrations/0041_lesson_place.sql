-- A lesson carries its enrollment's school and the student's instructor, kept by the database as a
-- decision's, a product's and an attendance's are (0027, 0031, 0033; issue 28): a report of one
-- lesson by instructor or by school reads the lesson's records from its index alone. It looked up
-- the enrollment of each (the busiest lesson of the 1M seed, 119,362 returned over twelve months:
-- 1.4-1.9 s by instructor).
ALTER TABLE "episode_deliveries" ADD COLUMN "cached_school_id" bigint;--> statement-breakpoint
ALTER TABLE "episode_deliveries" ADD COLUMN "cached_instructor_id" bigint;--> statement-breakpoint
-- Every lesson is written again, and their counts stay as they are (the counts follow the
-- enrollment's school and instructor, which do not change here).
ALTER TABLE "episode_deliveries" DISABLE TRIGGER "episode_deliveries_counted_update";--> statement-breakpoint
UPDATE episode_deliveries d SET cached_school_id = e.school_id, cached_instructor_id = e.instructor_id
  FROM enrollments e WHERE e.id = d.enrollment_id AND (e.school_id IS NOT NULL OR e.instructor_id IS NOT NULL);--> statement-breakpoint
ALTER TABLE "episode_deliveries" ENABLE TRIGGER "episode_deliveries_counted_update";--> statement-breakpoint
-- The lessons' writer takes the lock of the lessons' counts (0037) before it reads the enrollment, as
-- a move of the enrollment's student takes it before it moves the lessons (below): a lesson written
-- while its student moves, in two transactions, is either written after the move's commit and reads
-- the new place, or is committed before the move writes its lessons and is moved with them. Read
-- without the lock, it kept the old school, and the old school's admin saw it in their reports.
CREATE FUNCTION srs_lesson_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(280037, 0);
  SELECT e.school_id, e.instructor_id INTO NEW.cached_school_id, NEW.cached_instructor_id
    FROM enrollments e WHERE e.id = NEW.enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER episode_deliveries_place BEFORE INSERT OR UPDATE OF "enrollment_id", "cached_school_id", "cached_instructor_id"
  ON "episode_deliveries" FOR EACH ROW EXECUTE FUNCTION srs_lesson_place();
--> statement-breakpoint
-- The enrollment's student moved to another school or instructor: its lessons follow too.
CREATE OR REPLACE FUNCTION srs_enrollment_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE decisions d SET cached_student_id = n.student_id, cached_school_id = n.school_id, cached_instructor_id = n.instructor_id
    FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
    WHERE d.cached_enrollment_id = n.id
      AND (n.student_id, n.school_id, n.instructor_id) IS DISTINCT FROM (o.student_id, o.school_id, o.instructor_id);
  UPDATE product_deliveries pd SET cached_school_id = n.school_id, cached_instructor_id = n.instructor_id, cached_series_id = n.series_id
    FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
    WHERE pd.enrollment_id = n.id
      AND (n.school_id, n.instructor_id, n.series_id) IS DISTINCT FROM (o.school_id, o.instructor_id, o.series_id);
  UPDATE attendances a SET cached_student_id = n.student_id, cached_school_id = n.school_id, cached_instructor_id = n.instructor_id,
      cached_series_id = n.series_id
    FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
    WHERE a.enrollment_id = n.id
      AND (n.student_id, n.school_id, n.instructor_id, n.series_id) IS DISTINCT FROM (o.student_id, o.school_id, o.instructor_id, o.series_id);
  IF EXISTS (SELECT 1 FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
      WHERE (n.school_id, n.instructor_id) IS DISTINCT FROM (o.school_id, o.instructor_id)) THEN
    PERFORM pg_advisory_xact_lock(280037, 0);
    UPDATE episode_deliveries d SET cached_school_id = n.school_id, cached_instructor_id = n.instructor_id
      FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
      WHERE d.enrollment_id = n.id AND (n.school_id, n.instructor_id) IS DISTINCT FROM (o.school_id, o.instructor_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP INDEX "episode_deliveries_episode_id_idx";--> statement-breakpoint
CREATE INDEX "episode_deliveries_episode_id_idx" ON "episode_deliveries" USING btree ("episode_id")
  INCLUDE ("date_sent", "date_completed", "delivery_type", "cached_school_id", "cached_instructor_id");
--> statement-breakpoint
-- As migration 0024 wrote it, with the lock of the lessons' counts taken before the moved lessons are
-- read: a lesson committed while the move waited for the lock is read, and its counts moved too
-- (they were read before it, and stayed under the old school and instructor).
CREATE OR REPLACE FUNCTION srs_enrollment_lessons_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint[];
BEGIN
  SELECT array_agg(n.id ORDER BY n.id) INTO moved FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
    WHERE (o.school_id, o.instructor_id) IS DISTINCT FROM (n.school_id, n.instructor_id);
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(280037, 0);
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
