-- A student import's lessons, and its enrollments' follow-up counts, are counted once, at the end
-- of its apply, not as each part is written (issue 27). The lesson counts have one writer at a
-- time (srs_lesson_rollups' advisory lock, decision 014), held until the writer commits: an import
-- that counted its lessons as it wrote them held it for its whole apply, and every lesson saved in
-- the network meanwhile waited (a 50,000-row import: half a minute). Within a transaction that
-- says so (`srs.counts_deferred` set locally to 'on', by `deferCounts`), new lessons are placed
-- without the lock and not counted, and new enrollments are not counted by follow-up day;
-- `srs_count_deferred(enrollments)` takes the lock, then counts them and their lessons, just
-- before the commit. The follow-up counts are deferred too so that the import takes the lesson
-- lock before any follow-up count row, as a lesson save does: holding those rows from its first
-- part while a lesson save of its school held the lock and waited for one of them deadlocked.
-- Only enrollments the same transaction makes may be deferred, with their lessons: no one else
-- sees them (a student found by the import is locked by it, so a move of it waits for the
-- commit). Changing or removing an enrollment or a lesson while counts are deferred is refused:
-- it would take off counts never added.
CREATE OR REPLACE FUNCTION srs_counts_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('srs.counts_deferred', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_lesson_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT srs_counts_deferred() THEN
    PERFORM pg_advisory_xact_lock(280037, 0);
  END IF;
  SELECT e.school_id, e.instructor_id INTO NEW.cached_school_id, NEW.cached_instructor_id
    FROM enrollments e WHERE e.id = NEW.enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_lessons_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF srs_counts_deferred() THEN
    -- Nested: an INSERT's trigger has no old rows to name.
    IF TG_OP <> 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM srs_old_lessons) THEN
        RAISE EXCEPTION 'lessons cannot be changed or removed while their counts are deferred';
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM srs_lesson_rollups(-1,
      ARRAY(SELECT o::episode_deliveries FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id),
      ARRAY(SELECT e.school_id FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id),
      ARRAY(SELECT e.instructor_id FROM srs_old_lessons o JOIN enrollments e ON e.id = o.enrollment_id ORDER BY o.id));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM srs_lesson_rollups(1,
      ARRAY(SELECT n::episode_deliveries FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id),
      ARRAY(SELECT e.school_id FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id),
      ARRAY(SELECT e.instructor_id FROM srs_new_lessons n JOIN enrollments e ON e.id = n.enrollment_id ORDER BY n.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER FUNCTION srs_lessons_counted() SET jit = off;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_followup_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF srs_counts_deferred() THEN
    -- Nested: an INSERT's trigger has no old rows to name.
    IF TG_OP <> 'INSERT' THEN
      IF EXISTS (SELECT 1 FROM srs_old_enrollments) THEN
        RAISE EXCEPTION 'enrollments cannot be changed or removed while their counts are deferred';
      END IF;
    END IF;
    RETURN NULL;
  END IF;
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
--> statement-breakpoint
-- The deferred enrollments (every one the transaction made) and their lessons counted as their
-- inserts would have counted them, the lesson lock taken first, and the deferral ended. Answers
-- the lessons' ids in order, which the import records as what it made.
CREATE OR REPLACE FUNCTION srs_count_deferred(enrollment_ids bigint[]) RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  lessons episode_deliveries[];
  schools bigint[];
  instructors bigint[];
BEGIN
  PERFORM set_config('srs.counts_deferred', 'off', true);
  PERFORM pg_advisory_xact_lock(280037, 0);
  SELECT coalesce(array_agg(d ORDER BY d.id), '{}'), coalesce(array_agg(e.school_id ORDER BY d.id), '{}'),
      coalesce(array_agg(e.instructor_id ORDER BY d.id), '{}')
    INTO lessons, schools, instructors
    FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id WHERE e.id = ANY (enrollment_ids);
  PERFORM srs_lesson_rollups(1, lessons, schools, instructors);
  INSERT INTO followup_counts AS f (school_id, followup_date, reminder_date, enrollments)
    SELECT e.school_id, coalesce(e.cached_latest_followup_date, e.started_on), coalesce(e.cached_next_reminder_date, 'infinity'), count(*)
    FROM enrollments e
    WHERE e.id = ANY (enrollment_ids) AND e.status IN ('Applied', 'Enrolled', 'Attended') AND NOT e.orphaned AND e.school_id IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (school_id, followup_date, reminder_date) DO UPDATE SET enrollments = f.enrollments + excluded.enrollments;
  RETURN ARRAY(SELECT l.id FROM unnest(lessons) l);
END $$;
--> statement-breakpoint
ALTER FUNCTION srs_count_deferred(bigint[]) SET jit = off;
