-- The triggers of the enrollments find what an update changed without a join of the two transition
-- tables. PL/pgSQL keeps a statement's plan for the session: made for an update of one enrollment (a
-- lesson sent, the most common), a join of the old and new rows is a nested loop, which compares
-- every pair of a bulk update's later (1M seed, 4,000 enrollments in one statement after one: 12.1 s,
-- of which the follow-up counts 6.5 s, the lessons moved 2.7 s, the students per series 2.6 s; the
-- decisions', products' and attendances' place 2.7 s more; 40,000: over 270 s). What changed is a
-- row of one table not among the other's (EXCEPT, by its id and the columns in question), or the
-- rows before taken away and after added up by key (the follow-up counts): sorted or hashed, never
-- compared pair by pair. Each function as its migration last wrote it otherwise.

-- As migration 0041 wrote it.
CREATE OR REPLACE FUNCTION srs_enrollment_student_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE decisions d SET cached_student_id = m.student_id, cached_school_id = m.school_id, cached_instructor_id = m.instructor_id
    FROM (SELECT n.id, n.student_id, n.school_id, n.instructor_id FROM srs_new_enrollments n
      EXCEPT SELECT o.id, o.student_id, o.school_id, o.instructor_id FROM srs_old_enrollments o) m
    WHERE d.cached_enrollment_id = m.id;
  UPDATE product_deliveries pd SET cached_school_id = m.school_id, cached_instructor_id = m.instructor_id, cached_series_id = m.series_id
    FROM (SELECT n.id, n.school_id, n.instructor_id, n.series_id FROM srs_new_enrollments n
      EXCEPT SELECT o.id, o.school_id, o.instructor_id, o.series_id FROM srs_old_enrollments o) m
    WHERE pd.enrollment_id = m.id;
  UPDATE attendances a SET cached_student_id = m.student_id, cached_school_id = m.school_id, cached_instructor_id = m.instructor_id,
      cached_series_id = m.series_id
    FROM (SELECT n.id, n.student_id, n.school_id, n.instructor_id, n.series_id FROM srs_new_enrollments n
      EXCEPT SELECT o.id, o.student_id, o.school_id, o.instructor_id, o.series_id FROM srs_old_enrollments o) m
    WHERE a.enrollment_id = m.id;
  IF EXISTS (SELECT n.id, n.school_id, n.instructor_id FROM srs_new_enrollments n
      EXCEPT SELECT o.id, o.school_id, o.instructor_id FROM srs_old_enrollments o) THEN
    PERFORM pg_advisory_xact_lock(280037, 0);
    UPDATE episode_deliveries d SET cached_school_id = m.school_id, cached_instructor_id = m.instructor_id
      FROM (SELECT n.id, n.school_id, n.instructor_id FROM srs_new_enrollments n
        EXCEPT SELECT o.id, o.school_id, o.instructor_id FROM srs_old_enrollments o) m
      WHERE d.enrollment_id = m.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0041 wrote it, the enrollments moved to another school or instructor found without a
-- join of the two transition tables.
CREATE OR REPLACE FUNCTION srs_enrollment_lessons_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint[];
BEGIN
  SELECT array_agg(m.id ORDER BY m.id) INTO moved
    FROM (SELECT n.id, n.school_id, n.instructor_id FROM srs_new_enrollments n
      EXCEPT SELECT o.id, o.school_id, o.instructor_id FROM srs_old_enrollments o) m;
  IF moved IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(280037, 0);
  PERFORM srs_lesson_rollups(-1,
    ARRAY(SELECT d FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT o.school_id FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT o.instructor_id FROM srs_old_enrollments o JOIN episode_deliveries d ON d.enrollment_id = o.id
      WHERE o.id = ANY (moved) ORDER BY d.id));
  PERFORM srs_lesson_rollups(1,
    ARRAY(SELECT d FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT n.school_id FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id),
    ARRAY(SELECT n.instructor_id FROM srs_new_enrollments n JOIN episode_deliveries d ON d.enrollment_id = n.id
      WHERE n.id = ANY (moved) ORDER BY d.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0007 wrote it, the schools of the enrollments whose series, student or school changed
-- (before and after) found without a join of the two transition tables.
CREATE OR REPLACE FUNCTION srs_enrollments_recount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM srs_recount_school_series(ARRAY(SELECT n.school_id FROM srs_new_enrollments n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM srs_recount_school_series(ARRAY(SELECT o.school_id FROM srs_old_enrollments o));
  ELSE
    -- A lesson sent, a status or a cache changes nothing here: only a new series, student or school.
    PERFORM srs_recount_school_series(ARRAY(
      SELECT c.school_id FROM (SELECT n.id, n.series_id, n.student_id, n.school_id FROM srs_new_enrollments n
        EXCEPT SELECT o.id, o.series_id, o.student_id, o.school_id FROM srs_old_enrollments o) c
      UNION ALL
      SELECT c.school_id FROM (SELECT o.id, o.series_id, o.student_id, o.school_id FROM srs_old_enrollments o
        EXCEPT SELECT n.id, n.series_id, n.student_id, n.school_id FROM srs_new_enrollments n) c));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0026 wrote it, an update's counts found without a join of the two transition tables.
CREATE OR REPLACE FUNCTION srs_followup_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- The rows before taken away and the rows after added, by key: an enrollment whose key and
    -- whether it counts stay as they were (a lesson sent to one followed up today) adds up to 0.
    INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
      SELECT x.school_id, x.followup_date, x.reminder_date, sum(x.sign)
      FROM (
        SELECT 1 AS sign, n.school_id, coalesce(n.cached_latest_followup_date, n.started_on) AS followup_date,
          coalesce(n.cached_next_reminder_date, 'infinity') AS reminder_date, n.status, n.orphaned
        FROM srs_new_enrollments n
        UNION ALL
        SELECT -1, o.school_id, coalesce(o.cached_latest_followup_date, o.started_on), coalesce(o.cached_next_reminder_date, 'infinity'),
          o.status, o.orphaned
        FROM srs_old_enrollments o
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
