-- Students per series and school (docs/decisions/011), recounted by the database for every school
-- whose enrollments a statement changes: a network's course list adds up a few hundred rows.
CREATE TABLE "series_school_students" (
	"series_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "series_school_students_series_id_school_id_pk" PRIMARY KEY("series_id","school_id")
);
--> statement-breakpoint
ALTER TABLE "series_school_students" ADD CONSTRAINT "series_school_students_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_school_students_school_idx" ON "series_school_students" USING btree ("school_id");--> statement-breakpoint
-- One school at a time, in id order, under a lock of that school's own: a writer waits for the
-- other writers of the same school, then counts what they committed and what it wrote itself.
CREATE FUNCTION srs_recount_school_series(changed bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  one bigint;
BEGIN
  FOR one IN SELECT DISTINCT x FROM unnest(changed) x WHERE x IS NOT NULL ORDER BY x LOOP
    PERFORM pg_advisory_xact_lock((7310::bigint << 40) + one);
    DELETE FROM series_school_students WHERE school_id = one;
    INSERT INTO series_school_students (series_id, school_id, students)
      SELECT e.series_id, one, count(DISTINCT e.student_id) FROM enrollments e WHERE e.school_id = one GROUP BY e.series_id;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_enrollments_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM srs_recount_school_series(ARRAY(SELECT n.school_id FROM srs_new_enrollments n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM srs_recount_school_series(ARRAY(SELECT o.school_id FROM srs_old_enrollments o));
  ELSE
    -- A lesson sent, a status or a cache changes nothing here: only a new series, student or school.
    PERFORM srs_recount_school_series(ARRAY(
      SELECT v.school_id FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.school_id), (n.school_id)) v(school_id)
      WHERE (o.series_id, o.student_id, o.school_id) IS DISTINCT FROM (n.series_id, n.student_id, n.school_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_recount_insert AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollments_recount();
--> statement-breakpoint
CREATE TRIGGER enrollments_recount_update AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollments_recount();
--> statement-breakpoint
CREATE TRIGGER enrollments_recount_delete AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollments_recount();
--> statement-breakpoint
INSERT INTO series_school_students (series_id, school_id, students)
  SELECT e.series_id, e.school_id, count(DISTINCT e.student_id) FROM enrollments e
  WHERE e.school_id IS NOT NULL GROUP BY e.series_id, e.school_id;
