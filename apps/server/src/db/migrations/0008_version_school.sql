-- A version names the school its record belonged to (issue 11, Versions): that school's admins see
-- the change. Worked out by the database from the row the version keeps (before the change, or as
-- created), for every version written (a trigger) and for those already there.
DROP INDEX "versions_item_idx";--> statement-breakpoint
DROP INDEX "versions_whodunnit_idx";--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "school_id" bigint;--> statement-breakpoint
CREATE FUNCTION srs_version_school(item_type text, item_id bigint, r jsonb) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN item_type = 'School' THEN item_id
    WHEN r ? 'schoolId' THEN (r->>'schoolId')::bigint
    WHEN r ? 'enrollmentId' THEN (SELECT e.school_id FROM enrollments e WHERE e.id = (r->>'enrollmentId')::bigint)
    WHEN r ? 'cachedEnrollmentId' THEN (SELECT e.school_id FROM enrollments e WHERE e.id = (r->>'cachedEnrollmentId')::bigint)
    WHEN r ? 'studentId' THEN (SELECT s.school_id FROM students s WHERE s.id = (r->>'studentId')::bigint)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION srs_version_row(object jsonb, object_changes jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(object, (SELECT jsonb_object_agg(c.key, c.value->1) FROM jsonb_each(object_changes) c), '{}'::jsonb)
$$;
--> statement-breakpoint
CREATE FUNCTION srs_version_set_school() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.school_id IS NULL THEN
    NEW.school_id := srs_version_school(NEW.item_type, NEW.item_id, srs_version_row(NEW.object, NEW.object_changes));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER versions_school BEFORE INSERT ON "versions" FOR EACH ROW EXECUTE FUNCTION srs_version_set_school();
--> statement-breakpoint
UPDATE versions SET school_id = srs_version_school(item_type, item_id, srs_version_row(object, object_changes));--> statement-breakpoint
CREATE INDEX "versions_school_idx" ON "versions" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "versions_item_idx" ON "versions" USING btree ("item_type","item_id","id");--> statement-breakpoint
CREATE INDEX "versions_whodunnit_idx" ON "versions" USING btree ("whodunnit","id");
