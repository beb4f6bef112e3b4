-- An attendance carries its enrollment's student, school, instructor and seminar, kept by the
-- database as a decision's and a product's are (0027, 0031, issue 28): the network's Seminar
-- attendance then reads no enrollment (each of a year's 116,000 attendances looked its enrollment up).
ALTER TABLE "attendances" ADD COLUMN "cached_student_id" bigint;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "cached_school_id" bigint;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "cached_instructor_id" bigint;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "cached_series_id" bigint;--> statement-breakpoint
UPDATE attendances a SET cached_student_id = e.student_id, cached_school_id = e.school_id, cached_instructor_id = e.instructor_id,
  cached_series_id = e.series_id FROM enrollments e WHERE e.id = a.enrollment_id;--> statement-breakpoint
CREATE FUNCTION srs_attendance_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.student_id, e.school_id, e.instructor_id, e.series_id
    INTO NEW.cached_student_id, NEW.cached_school_id, NEW.cached_instructor_id, NEW.cached_series_id
    FROM enrollments e WHERE e.id = NEW.enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendances_place BEFORE INSERT OR UPDATE OF "enrollment_id", "cached_student_id", "cached_school_id",
  "cached_instructor_id", "cached_series_id" ON "attendances" FOR EACH ROW EXECUTE FUNCTION srs_attendance_place();
--> statement-breakpoint
-- The enrollment's student moved to another school or instructor (or the enrollment to another
-- student, a merge): its decisions (0027), products (0031) and attendances follow.
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
  RETURN NULL;
END $$;
