-- Enrollments carry their student's school (docs/decisions/011), kept by the database: set when an
-- enrollment is written, moved with the student. A school's admins then read its enrollments needing
-- follow-up, and its students by series, from one range of an index.
ALTER TABLE "enrollments" ADD COLUMN "school_id" bigint;--> statement-breakpoint
UPDATE enrollments e SET school_id = s.school_id FROM students s WHERE s.id = e.student_id;--> statement-breakpoint
CREATE FUNCTION srs_enrollment_school() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.school_id := (SELECT s.school_id FROM students s WHERE s.id = NEW.student_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_school BEFORE INSERT OR UPDATE OF "student_id", "school_id" ON "enrollments"
  FOR EACH ROW EXECUTE FUNCTION srs_enrollment_school();
--> statement-breakpoint
CREATE FUNCTION srs_student_school_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments e SET school_id = n.school_id
    FROM srs_new_students n JOIN srs_old_students o ON o.id = n.id
    WHERE e.student_id = n.id AND n.school_id IS DISTINCT FROM o.school_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_school_moved AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS srs_old_students NEW TABLE AS srs_new_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_school_moved();
--> statement-breakpoint
CREATE INDEX "enrollments_school_followup_idx" ON "enrollments" USING btree ("school_id",coalesce("cached_latest_followup_date", "started_on"),"id") INCLUDE ("cached_next_reminder_date") WHERE "enrollments"."status" in ('Applied', 'Enrolled', 'Attended') and not "enrollments"."orphaned";--> statement-breakpoint
CREATE INDEX "enrollments_school_series_idx" ON "enrollments" USING btree ("school_id","series_id","student_id");
