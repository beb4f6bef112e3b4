-- A decision carries its enrollment's student (docs/decisions/014), kept by the database: set when
-- a decision is written, changed with its enrollment's student. The Decisions report counts the
-- students of a period from the decisions alone.
ALTER TABLE "decisions" ADD COLUMN "cached_student_id" bigint;--> statement-breakpoint
UPDATE decisions d SET cached_student_id = e.student_id FROM enrollments e WHERE e.id = d.cached_enrollment_id;--> statement-breakpoint
CREATE FUNCTION srs_decision_student() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cached_student_id := (SELECT e.student_id FROM enrollments e WHERE e.id = NEW.cached_enrollment_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER decisions_student BEFORE INSERT OR UPDATE OF "cached_enrollment_id", "cached_student_id" ON "decisions"
  FOR EACH ROW EXECUTE FUNCTION srs_decision_student();
--> statement-breakpoint
CREATE FUNCTION srs_enrollment_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE decisions d SET cached_student_id = n.student_id
    FROM srs_new_enrollments n JOIN srs_old_enrollments o ON o.id = n.id
    WHERE d.cached_enrollment_id = n.id AND n.student_id IS DISTINCT FROM o.student_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_student_moved AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_student_moved();
