-- A student import's lessons are counted once, at the end of its apply, not as each part is
-- written (issue 27). The lesson counts have one writer at a time (srs_lesson_rollups' advisory
-- lock, decision 014), held until the writer commits: an import that counted its lessons as it
-- wrote them held it for its whole apply, and every lesson saved in the network meanwhile waited
-- (a 50,000-row import: about 30 s). Within a transaction that says so
-- (`srs.lesson_counts_deferred` set locally to 'on', by `deferLessonCounts`), new lessons are
-- placed without the lock and not counted; `srs_count_deferred_lessons` counts them, with the
-- lock, just before the commit. Only lessons of enrollments the same transaction made may be
-- deferred (no one else sees those enrollments, so no move can race their place); a change or a
-- removal of a lesson while counts are deferred is refused, as it would take off counts never added.
CREATE OR REPLACE FUNCTION srs_lesson_counts_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('srs.lesson_counts_deferred', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_lesson_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT srs_lesson_counts_deferred() THEN
    PERFORM pg_advisory_xact_lock(280037, 0);
  END IF;
  SELECT e.school_id, e.instructor_id INTO NEW.cached_school_id, NEW.cached_instructor_id
    FROM enrollments e WHERE e.id = NEW.enrollment_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION srs_lessons_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF srs_lesson_counts_deferred() THEN
    IF TG_OP <> 'INSERT' THEN
      RAISE EXCEPTION 'lessons cannot be changed or removed while their counts are deferred';
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
-- The deferred lessons counted, as their insert would have counted them, and the deferral ended.
CREATE OR REPLACE FUNCTION srs_count_deferred_lessons(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('srs.lesson_counts_deferred', 'off', true);
  PERFORM srs_lesson_rollups(1,
    ARRAY(SELECT d FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id WHERE d.id = ANY (ids) ORDER BY d.id),
    ARRAY(SELECT e.school_id FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id WHERE d.id = ANY (ids) ORDER BY d.id),
    ARRAY(SELECT e.instructor_id FROM episode_deliveries d JOIN enrollments e ON e.id = d.enrollment_id WHERE d.id = ANY (ids) ORDER BY d.id));
END $$;
--> statement-breakpoint
ALTER FUNCTION srs_count_deferred_lessons(bigint[]) SET jit = off;
