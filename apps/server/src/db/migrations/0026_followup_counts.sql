-- Active enrollments per school, day of latest follow-up (or start) and day of next reminder
-- (issue 28), kept by the database as enrollments are written, followed up, closed, moved and
-- deleted: whether one needs follow-up is a matter of today, so the days are kept, not the answer.
CREATE TABLE "followup_counts" (
	"school_id" bigint NOT NULL,
	"followup_date" date NOT NULL,
	"reminder_date" date NOT NULL,
	"enrollments" integer NOT NULL,
	CONSTRAINT "followup_counts_school_id_followup_date_reminder_date_pk" PRIMARY KEY("school_id","followup_date","reminder_date")
);

--> statement-breakpoint
-- The enrollments' rows added (sign 1) or taken away (-1) under their keys; an active enrollment
-- without a school (none is) is not counted.
CREATE FUNCTION srs_followup_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only the enrollments whose key or whether they count changed: a lesson sent today to one
    -- followed up today changes no count.
    INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
      SELECT x.school_id, x.followup_date, x.reminder_date, sum(x.sign)
      FROM (
        SELECT -1 AS sign, o.school_id, coalesce(o.cached_latest_followup_date, o.started_on) AS followup_date,
          coalesce(o.cached_next_reminder_date, 'infinity') AS reminder_date, o.status, o.orphaned
        FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
        WHERE (n.school_id, coalesce(n.cached_latest_followup_date, n.started_on), n.cached_next_reminder_date, n.status, n.orphaned)
          IS DISTINCT FROM (o.school_id, coalesce(o.cached_latest_followup_date, o.started_on), o.cached_next_reminder_date, o.status, o.orphaned)
        UNION ALL
        SELECT 1, n.school_id, coalesce(n.cached_latest_followup_date, n.started_on), coalesce(n.cached_next_reminder_date, 'infinity'),
          n.status, n.orphaned
        FROM srs_old_enrollments o JOIN srs_new_enrollments n ON n.id = o.id
        WHERE (n.school_id, coalesce(n.cached_latest_followup_date, n.started_on), n.cached_next_reminder_date, n.status, n.orphaned)
          IS DISTINCT FROM (o.school_id, coalesce(o.cached_latest_followup_date, o.started_on), o.cached_next_reminder_date, o.status, o.orphaned)
      ) x
      WHERE x.status IN ('Applied', 'Enrolled', 'Attended') AND NOT x.orphaned AND x.school_id IS NOT NULL
      GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, followup_date, reminder_date) DO UPDATE SET enrollments = f.enrollments + excluded.enrollments;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
      SELECT n.school_id, coalesce(n.cached_latest_followup_date, n.started_on), coalesce(n.cached_next_reminder_date, 'infinity'), count(*)
      FROM srs_new_enrollments n
      WHERE n.status IN ('Applied', 'Enrolled', 'Attended') AND NOT n.orphaned AND n.school_id IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, followup_date, reminder_date) DO UPDATE SET enrollments = f.enrollments + excluded.enrollments;
  ELSE
    INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
      SELECT o.school_id, coalesce(o.cached_latest_followup_date, o.started_on), coalesce(o.cached_next_reminder_date, 'infinity'), -count(*)
      FROM srs_old_enrollments o
      WHERE o.status IN ('Applied', 'Enrolled', 'Attended') AND NOT o.orphaned AND o.school_id IS NOT NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (school_id, followup_date, reminder_date) DO UPDATE SET enrollments = f.enrollments + excluded.enrollments;
  END IF;
  -- A day no enrollment is counted under any more goes, so that the rows stay those of today.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM followup_counts f USING srs_old_enrollments o
      WHERE f.enrollments = 0 AND f.school_id = o.school_id
        AND f.followup_date = coalesce(o.cached_latest_followup_date, o.started_on)
        AND f.reminder_date = coalesce(o.cached_next_reminder_date, 'infinity');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_followup_counted_insert AFTER INSERT ON "enrollments"
  REFERENCING NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_followup_counted();
--> statement-breakpoint
CREATE TRIGGER enrollments_followup_counted_update AFTER UPDATE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments NEW TABLE AS srs_new_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_followup_counted();
--> statement-breakpoint
CREATE TRIGGER enrollments_followup_counted_delete AFTER DELETE ON "enrollments"
  REFERENCING OLD TABLE AS srs_old_enrollments FOR EACH STATEMENT EXECUTE FUNCTION srs_followup_counted();
--> statement-breakpoint
-- The counts of the enrollments after a given one, set-based: the backfill below, and the large
-- seed, which writes with the triggers off.
CREATE FUNCTION srs_count_followups_after(after_enrollment bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
    SELECT e.school_id, coalesce(e.cached_latest_followup_date, e.started_on), coalesce(e.cached_next_reminder_date, 'infinity'), count(*)
    FROM enrollments e
    WHERE e.id > after_enrollment AND e.status IN ('Applied', 'Enrolled', 'Attended') AND NOT e.orphaned AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3
  ON CONFLICT (school_id, followup_date, reminder_date) DO UPDATE SET enrollments = f.enrollments + excluded.enrollments;
$$;
--> statement-breakpoint
SELECT srs_count_followups_after(0);
