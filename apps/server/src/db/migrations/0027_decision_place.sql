-- A decision carries its enrollment's school and instructor as it carries the student (0011),
-- kept by the database: set when written, changed with its enrollment's (issue 28). A network's
-- Decisions by school or by instructor then read no enrollment.
ALTER TABLE "decisions" ADD COLUMN "cached_school_id" bigint;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "cached_instructor_id" bigint;--> statement-breakpoint
UPDATE decisions d SET cached_school_id = e.school_id, cached_instructor_id = e.instructor_id
  FROM enrollments e WHERE e.id = d.cached_enrollment_id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_decision_student() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.student_id, e.school_id, e.instructor_id INTO NEW.cached_student_id, NEW.cached_school_id, NEW.cached_instructor_id
    FROM enrollments e WHERE e.id = NEW.cached_enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER decisions_student ON "decisions";--> statement-breakpoint
CREATE TRIGGER decisions_student BEFORE INSERT OR UPDATE OF "cached_enrollment_id", "cached_student_id", "cached_school_id",
  "cached_instructor_id" ON "decisions" FOR EACH ROW EXECUTE FUNCTION srs_decision_student();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_enrollment_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE decisions d SET cached_student_id = n.student_id, cached_school_id = n.school_id, cached_instructor_id = n.instructor_id
    FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
    WHERE d.cached_enrollment_id = n.id
      AND (n.student_id, n.school_id, n.instructor_id) IS DISTINCT FROM (o.student_id, o.school_id, o.instructor_id);
  RETURN NULL;
END $$;
