-- A decision carries the lesson or presentation it was made at, as it carries its student, school
-- and instructor (0011, 0027), kept by the database (issue 28): the network's Decisions by lesson
-- then read no lesson record (6.85M on the 1M seed). None for a decision made at a visit.
ALTER TABLE "decisions" ADD COLUMN "cached_episode_id" bigint;--> statement-breakpoint
UPDATE decisions d SET cached_episode_id = found.episode_id
  FROM (SELECT r.id, coalesce(dd.episode_id, a.episode_id) AS episode_id FROM decisions r
    LEFT JOIN episode_deliveries dd ON dd.id = r.episode_delivery_id LEFT JOIN attendances a ON a.id = r.attendance_id) found
  WHERE found.id = d.id AND found.episode_id IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_decision_student() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.student_id, e.school_id, e.instructor_id INTO NEW.cached_student_id, NEW.cached_school_id, NEW.cached_instructor_id
    FROM enrollments e WHERE e.id = NEW.cached_enrollment_id;
  NEW.cached_episode_id := CASE
    WHEN NEW.episode_delivery_id IS NOT NULL THEN (SELECT dd.episode_id FROM episode_deliveries dd WHERE dd.id = NEW.episode_delivery_id)
    WHEN NEW.attendance_id IS NOT NULL THEN (SELECT a.episode_id FROM attendances a WHERE a.id = NEW.attendance_id)
  END;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER decisions_student ON "decisions";--> statement-breakpoint
CREATE TRIGGER decisions_student BEFORE INSERT OR UPDATE OF "cached_enrollment_id", "cached_student_id", "cached_school_id",
  "cached_instructor_id", "cached_episode_id", "episode_delivery_id", "attendance_id" ON "decisions"
  FOR EACH ROW EXECUTE FUNCTION srs_decision_student();
--> statement-breakpoint
-- The app never moves a lesson record or an attendance to another lesson (a lesson is removed and
-- the other sent); an edit by hand in SQL that does takes its decisions along.
CREATE FUNCTION srs_decision_episode_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'episode_deliveries' THEN
    UPDATE decisions SET cached_episode_id = NEW.episode_id WHERE episode_delivery_id = NEW.id;
  ELSE
    UPDATE decisions SET cached_episode_id = NEW.episode_id WHERE attendance_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER episode_deliveries_decision_episode AFTER UPDATE OF "episode_id" ON "episode_deliveries"
  FOR EACH ROW WHEN (OLD.episode_id IS DISTINCT FROM NEW.episode_id) EXECUTE FUNCTION srs_decision_episode_moved();--> statement-breakpoint
CREATE TRIGGER attendances_decision_episode AFTER UPDATE OF "episode_id" ON "attendances"
  FOR EACH ROW WHEN (OLD.episode_id IS DISTINCT FROM NEW.episode_id) EXECUTE FUNCTION srs_decision_episode_moved();
