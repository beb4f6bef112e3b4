-- A product delivered carries its enrollment's school, instructor and course or seminar, kept by
-- the database as a decision's school and instructor are (0027, issue 28): the network's Products
-- by school, instructor or series then read no enrollment (1.05M on the 1M seed).
ALTER TABLE "product_deliveries" ADD COLUMN "cached_school_id" bigint;--> statement-breakpoint
ALTER TABLE "product_deliveries" ADD COLUMN "cached_instructor_id" bigint;--> statement-breakpoint
ALTER TABLE "product_deliveries" ADD COLUMN "cached_series_id" bigint;--> statement-breakpoint
UPDATE product_deliveries pd SET cached_school_id = e.school_id, cached_instructor_id = e.instructor_id, cached_series_id = e.series_id
  FROM enrollments e WHERE e.id = pd.enrollment_id;--> statement-breakpoint
CREATE FUNCTION srs_product_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e.school_id, e.instructor_id, e.series_id INTO NEW.cached_school_id, NEW.cached_instructor_id, NEW.cached_series_id
    FROM enrollments e WHERE e.id = NEW.enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_deliveries_place BEFORE INSERT OR UPDATE OF "enrollment_id", "cached_school_id", "cached_instructor_id",
  "cached_series_id" ON "product_deliveries" FOR EACH ROW EXECUTE FUNCTION srs_product_place();
--> statement-breakpoint
-- The enrollment's student moved to another school or instructor (or the enrollment to another
-- student, a merge): its decisions (0027) and its products follow.
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
  RETURN NULL;
END $$;
