-- Enrollments per month started, school, course or seminar and status, and per month, school and
-- the student's instructor with how many are active, graduated and inactive (issue 28), kept by the
-- database as enrollments are written, moved, closed and deleted: the network's Enrollments report
-- over whole months adds up these counts instead of reading every enrollment of the period (1M
-- seed, twelve months: some 50,000 and 60,000 counts, not 580,000 enrollments). A school or an
-- instructor of none is 0. A change writes the difference it makes as new rows (a key's count is
-- the sum of its rows), so that writers of enrollments never wait on one another's counts, as the
-- decisions' (0036); the rows of one key are added up now and then (srs_compact_enrollment_months,
-- hourly).
CREATE TABLE "enrollment_instructor_months" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint NOT NULL,
	"enrollments" integer NOT NULL,
	"active" integer NOT NULL,
	"graduated" integer NOT NULL,
	"inactive" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_months" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"status" text NOT NULL,
	"enrollments" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enrollment_instructor_months_month_idx" ON "enrollment_instructor_months" USING btree ("month");--> statement-breakpoint
CREATE INDEX "enrollment_instructor_months_school_id_month_idx" ON "enrollment_instructor_months" USING btree ("school_id","month");--> statement-breakpoint
CREATE INDEX "enrollment_months_month_idx" ON "enrollment_months" USING btree ("month");--> statement-breakpoint
CREATE INDEX "enrollment_months_school_id_month_idx" ON "enrollment_months" USING btree ("school_id","month");
--> statement-breakpoint
-- The counts the enrollments `new_rows` make less those `old_rows` made, as new rows (none for a
-- key they leave as it was).
CREATE FUNCTION srs_enrollment_months_change(old_rows enrollments[], new_rows enrollments[]) RETURNS void LANGUAGE sql AS $$
  WITH e AS (
    SELECT x.sign, date_trunc('month', x.started_on::timestamp)::date AS month, coalesce(x.school_id, 0) AS school_id,
      coalesce(x.instructor_id, 0) AS instructor_id, x.series_id, x.status
    FROM (SELECT -1 AS sign, o.* FROM unnest(old_rows) o UNION ALL SELECT 1, n.* FROM unnest(new_rows) n) x
  ), by_series AS (
    INSERT INTO enrollment_months (month, school_id, series_id, status, enrollments)
      SELECT e.month, e.school_id, e.series_id, e.status, sum(e.sign) FROM e GROUP BY 1, 2, 3, 4 HAVING sum(e.sign) <> 0
  )
  INSERT INTO enrollment_instructor_months (month, school_id, instructor_id, enrollments, active, graduated, inactive)
    SELECT c.month, c.school_id, c.instructor_id, c.enrollments, c.active, c.graduated, c.inactive
    FROM (
      SELECT e.month, e.school_id, e.instructor_id, sum(e.sign) AS enrollments,
        coalesce(sum(e.sign) FILTER (WHERE e.status IN ('Applied', 'Enrolled', 'Attended')), 0) AS active,
        coalesce(sum(e.sign) FILTER (WHERE e.status = 'Graduated'), 0) AS graduated,
        coalesce(sum(e.sign) FILTER (WHERE e.status = 'Inactive'), 0) AS inactive
      FROM e GROUP BY 1, 2, 3
    ) c
    WHERE (c.enrollments, c.active, c.graduated, c.inactive) <> (0, 0, 0, 0)
$$;
--> statement-breakpoint
-- The enrollments written: those inserted counted, those deleted taken away, and of those updated
-- only the ones whose month, school, instructor, course or status changed (a lesson sent changes
-- an enrollment's caches, not its counts).
CREATE FUNCTION srs_enrollment_months_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM srs_enrollment_months_change('{}', array(SELECT n::enrollments FROM srs_new_enrollments n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM srs_enrollment_months_change(array(SELECT o::enrollments FROM srs_old_enrollments o), '{}');
  ELSE
    PERFORM srs_enrollment_months_change(
      array(SELECT o::enrollments FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
        WHERE (date_trunc('month', o.started_on::timestamp), o.school_id, o.instructor_id, o.series_id, o.status)
          IS DISTINCT FROM (date_trunc('month', n.started_on::timestamp), n.school_id, n.instructor_id, n.series_id, n.status)),
      array(SELECT n::enrollments FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
        WHERE (date_trunc('month', o.started_on::timestamp), o.school_id, o.instructor_id, o.series_id, o.status)
          IS DISTINCT FROM (date_trunc('month', n.started_on::timestamp), n.school_id, n.instructor_id, n.series_id, n.status)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_enrollment_months_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM enrollment_months;
  DELETE FROM enrollment_instructor_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_months_insert AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_months_counted();
--> statement-breakpoint
CREATE TRIGGER enrollments_months_update AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_months_counted();
--> statement-breakpoint
CREATE TRIGGER enrollments_months_delete AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_months_counted();
--> statement-breakpoint
CREATE TRIGGER enrollments_months_emptied AFTER TRUNCATE ON "enrollments" FOR EACH STATEMENT EXECUTE FUNCTION srs_enrollment_months_emptied();
--> statement-breakpoint
-- The counts of the enrollments after a given one, set-based: the backfill below, and the large
-- seed, which writes with the triggers off.
CREATE FUNCTION srs_count_enrollment_months_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO enrollment_months (month, school_id, series_id, status, enrollments)
    SELECT date_trunc('month', e.started_on::timestamp)::date, coalesce(e.school_id, 0), e.series_id, e.status, count(*)
    FROM enrollments e WHERE e.id > after_enrollment GROUP BY 1, 2, 3, 4;
  INSERT INTO enrollment_instructor_months (month, school_id, instructor_id, enrollments, active, graduated, inactive)
    SELECT date_trunc('month', e.started_on::timestamp)::date, coalesce(e.school_id, 0), coalesce(e.instructor_id, 0), count(*),
      count(*) FILTER (WHERE e.status IN ('Applied', 'Enrolled', 'Attended')), count(*) FILTER (WHERE e.status = 'Graduated'),
      count(*) FILTER (WHERE e.status = 'Inactive')
    FROM enrollments e WHERE e.id > after_enrollment GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
-- The rows of each key added up into one (none when they come to 0): a key's counts are unchanged.
-- A writer's rows added meanwhile are not among those taken.
CREATE FUNCTION srs_compact_enrollment_months() RETURNS void LANGUAGE sql AS $$
  WITH repeated AS (
    SELECT em.month, em.school_id, em.series_id, em.status
    FROM enrollment_months em
    GROUP BY 1, 2, 3, 4
    HAVING count(*) > 1 OR sum(em.enrollments) = 0
  ), taken AS (
    DELETE FROM enrollment_months em USING repeated r
    WHERE (em.month, em.school_id, em.series_id, em.status) = (r.month, r.school_id, r.series_id, r.status)
    RETURNING em.*
  )
  INSERT INTO enrollment_months (month, school_id, series_id, status, enrollments)
    SELECT t.month, t.school_id, t.series_id, t.status, sum(t.enrollments)
    FROM taken t
    GROUP BY 1, 2, 3, 4
    HAVING sum(t.enrollments) <> 0;
  WITH repeated AS (
    SELECT ei.month, ei.school_id, ei.instructor_id
    FROM enrollment_instructor_months ei
    GROUP BY 1, 2, 3
    HAVING count(*) > 1 OR sum(ei.enrollments) = 0
  ), taken AS (
    DELETE FROM enrollment_instructor_months ei USING repeated r
    WHERE (ei.month, ei.school_id, ei.instructor_id) = (r.month, r.school_id, r.instructor_id)
    RETURNING ei.*
  )
  INSERT INTO enrollment_instructor_months (month, school_id, instructor_id, enrollments, active, graduated, inactive)
    SELECT t.month, t.school_id, t.instructor_id, sum(t.enrollments), sum(t.active), sum(t.graduated), sum(t.inactive)
    FROM taken t
    GROUP BY 1, 2, 3
    HAVING sum(t.enrollments) <> 0;
$$;
--> statement-breakpoint
SELECT srs_count_enrollment_months_after(0);
