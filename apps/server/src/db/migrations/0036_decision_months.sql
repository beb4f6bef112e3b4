-- The network's decisions kept by month, grouping and the month of the student's decision before
-- in the same row (issue 28, decision 014): the Decisions report's Students figure is a count of
-- distinct students, which does not add up over months, but a decision is its student's first of a
-- period exactly when the student's decision before it in the same row falls before the period.
-- So a row's students over whole months are the decisions of those months whose decision before
-- came earlier (or none: '-infinity'), and a global admin's year of decisions is a few thousand
-- counts, not half a million decisions sorted by student.
--
-- kind: what the row is ('option' by the option's name, 'series', 'lesson' by the series and the
-- lesson, 0 for a visit, 'school', 'instructor', 0 for none, and 'all' for the totals); the
-- columns a kind does not use are '' or 0. A change writes the difference it makes as new rows
-- (a key's count is the sum of its rows), so that writers of different students never wait on
-- one another's counts: a shared count updated in place (this month's first decisions) made
-- concurrent saves of decisions deadlock. The rows of one key are added up now and then
-- (srs_compact_decision_months, hourly).
CREATE TABLE "decision_months" (
	"kind" text NOT NULL,
	"option_name" text NOT NULL,
	"series_id" bigint NOT NULL,
	"episode_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint NOT NULL,
	"month" date NOT NULL,
	"prev_month" date NOT NULL,
	"decisions" integer NOT NULL
);
--> statement-breakpoint
-- The time zone the months are counted in: the database session's when this migration ran (the
-- app's), whatever zone a later writer's session has (srs_decision_month_counts runs in it: SET
-- TimeZone FROM CURRENT). The report reads the counts only when its own days are of the same zone.
CREATE TABLE "decision_months_zone" (
	"zone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO decision_months_zone (zone) VALUES (current_setting('TimeZone'));
--> statement-breakpoint
CREATE INDEX "decision_months_kind_month_idx" ON "decision_months" USING btree ("kind","month");
--> statement-breakpoint
-- The counts of a student's decisions are worked out from all of them: a trigger reads them.
CREATE INDEX "decisions_cached_student_id_idx" ON "decisions" USING btree ("cached_student_id");
--> statement-breakpoint
-- A school's decisions of a period: a conference admin's Decisions report read the whole table (its
-- schools' decisions, or those of the students they teach or are shared) in 190 ms on the 1M seed.
CREATE INDEX "decisions_cached_school_id_created_at_idx" ON "decisions" USING btree ("cached_school_id","created_at");
--> statement-breakpoint
-- The counts `records` make, every row of each student among them (a student's decisions all there,
-- or the counts are not theirs); `renamed`: options as they were before a change of their name
-- or series, in place of what they are now. Months of the zone this migration ran in (its session's
-- TimeZone, kept with the function, as decision_months_zone records it), as the report's days are.
CREATE FUNCTION srs_decision_month_counts(records decisions[], renamed decision_options[])
RETURNS TABLE (kind text, option_name text, series_id bigint, episode_id bigint, school_id bigint, instructor_id bigint,
  month date, prev_month date, decisions bigint)
LANGUAGE sql STABLE SET TimeZone FROM CURRENT AS $$
  SELECT x.kind, x.option_name, x.series_id, x.episode_id, x.school_id, x.instructor_id, x.month, x.prev_month, count(*)
  FROM (
    SELECT k.kind, k.option_name, k.series_id, k.episode_id, k.school_id, k.instructor_id,
      date_trunc('month', d.created_at)::date AS month,
      coalesce(date_trunc('month', lag(d.created_at) OVER (
        PARTITION BY d.cached_student_id, k.kind, k.option_name, k.series_id, k.episode_id, k.school_id, k.instructor_id
        ORDER BY d.created_at, d.id))::date, '-infinity'::date) AS prev_month
    FROM unnest(records) d
    JOIN decision_options o ON o.id = d.decision_option_id
    LEFT JOIN unnest(renamed) r ON r.id = o.id
    CROSS JOIN LATERAL (VALUES
      ('all', '', 0::bigint, 0::bigint, 0::bigint, 0::bigint),
      ('option', coalesce(r.name, o.name), 0, 0, 0, 0),
      ('series', '', coalesce(r.series_id, o.series_id), 0, 0, 0),
      ('lesson', '', coalesce(r.series_id, o.series_id), coalesce(d.cached_episode_id, 0), 0, 0),
      ('school', '', 0, 0, coalesce(d.cached_school_id, 0), 0),
      ('instructor', '', 0, 0, 0, coalesce(d.cached_instructor_id, 0))
    ) k(kind, option_name, series_id, episode_id, school_id, instructor_id)
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
$$;
--> statement-breakpoint
-- Adds the counts `new_rows` make and takes away those `old_rows` made (each the rows of the same
-- students): the differences, as new rows.
CREATE FUNCTION srs_decision_months_change(old_rows decisions[], new_rows decisions[], renamed decision_options[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO decision_months (kind, option_name, series_id, episode_id, school_id, instructor_id, month, prev_month, decisions)
    SELECT c.kind, c.option_name, c.series_id, c.episode_id, c.school_id, c.instructor_id, c.month, c.prev_month, sum(c.decisions)
    FROM (
      SELECT a.kind, a.option_name, a.series_id, a.episode_id, a.school_id, a.instructor_id, a.month, a.prev_month, a.decisions
        FROM srs_decision_month_counts(new_rows, '{}') a
      UNION ALL
      SELECT b.kind, b.option_name, b.series_id, b.episode_id, b.school_id, b.instructor_id, b.month, b.prev_month, -b.decisions
        FROM srs_decision_month_counts(old_rows, renamed) b
    ) c
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(c.decisions) <> 0
$$;
--> statement-breakpoint
-- The rows of each key added up into one (none when they come to 0): a key's count is unchanged.
-- A writer's rows added meanwhile are not among those taken.
CREATE FUNCTION srs_compact_decision_months() RETURNS void
LANGUAGE sql AS $$
  WITH repeated AS (
    SELECT dm.kind, dm.option_name, dm.series_id, dm.episode_id, dm.school_id, dm.instructor_id, dm.month, dm.prev_month
    FROM decision_months dm
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING count(*) > 1 OR sum(dm.decisions) = 0
  ), taken AS (
    DELETE FROM decision_months dm USING repeated r
    WHERE (dm.kind, dm.option_name, dm.series_id, dm.episode_id, dm.school_id, dm.instructor_id, dm.month, dm.prev_month)
      = (r.kind, r.option_name, r.series_id, r.episode_id, r.school_id, r.instructor_id, r.month, r.prev_month)
    RETURNING dm.*
  )
  INSERT INTO decision_months (kind, option_name, series_id, episode_id, school_id, instructor_id, month, prev_month, decisions)
    SELECT t.kind, t.option_name, t.series_id, t.episode_id, t.school_id, t.instructor_id, t.month, t.prev_month, sum(t.decisions)
    FROM taken t
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(t.decisions) <> 0
$$;
--> statement-breakpoint
-- Two writers of one student's decisions count one after the other, each from the other's
-- committed rows: each takes the students' locks first, until it commits. Advisory locks, not the
-- students' rows: a save holds its enrollment when it writes a decision, and a change of a
-- student's instructor holds the student when it moves the enrollments (locking the student here
-- deadlocked the two). The students share 256 locks (a writer of many takes each once), taken in
-- order. A transaction that does not see what others committed meanwhile (REPEATABLE READ) would
-- count from rows that are gone: refused.
CREATE FUNCTION srs_lock_decision_students(whose bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  bucket integer;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'decisions are written in READ COMMITTED transactions (their counts read what others committed)';
  END IF;
  FOR bucket IN SELECT DISTINCT (w % 256)::integer FROM unnest(whose) w ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(280036, bucket);
  END LOOP;
END $$;
--> statement-breakpoint
-- The counts of the students `whose` decisions changed: their rows now, against their rows before
-- (those now, less the `changed` ones, with their `old` forms), the students locked first.
CREATE FUNCTION srs_decision_months_moved(whose bigint[], changed bigint[], old decisions[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  now_rows decisions[];
BEGIN
  IF coalesce(cardinality(whose), 0) = 0 THEN RETURN; END IF;
  PERFORM srs_lock_decision_students(whose);
  -- Read once, after the locks: the rows before are these less the changed ones, with their old forms.
  now_rows := array(SELECT d FROM decisions d WHERE d.cached_student_id = ANY(whose));
  PERFORM srs_decision_months_change(
    array(SELECT n::decisions FROM unnest(now_rows) n WHERE NOT n.id = ANY(changed)
      UNION ALL SELECT o::decisions FROM unnest(old) o WHERE o.cached_student_id = ANY(whose)),
    now_rows,
    '{}');
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_decisions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM srs_decision_months_moved(
    array(SELECT DISTINCT n.cached_student_id FROM srs_new_decisions n WHERE n.cached_student_id IS NOT NULL),
    array(SELECT n.id FROM srs_new_decisions n), '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_decisions_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM srs_decision_months_moved(
    array(SELECT DISTINCT o.cached_student_id FROM srs_old_decisions o WHERE o.cached_student_id IS NOT NULL),
    '{}', array(SELECT o::decisions FROM srs_old_decisions o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change of what a decision is counted by (its student, moment, option, lesson, school or
-- instructor, or its id); other changes count nothing.
CREATE FUNCTION srs_decisions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whose bigint[] := array(SELECT DISTINCT x.student FROM srs_new_decisions n FULL JOIN srs_old_decisions o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.cached_student_id), (o.cached_student_id)) x(student)
    WHERE x.student IS NOT NULL
      AND (n.id IS NULL OR o.id IS NULL
        OR (n.cached_student_id, n.created_at, n.decision_option_id, n.cached_episode_id, n.cached_school_id, n.cached_instructor_id)
          IS DISTINCT FROM (o.cached_student_id, o.created_at, o.decision_option_id, o.cached_episode_id, o.cached_school_id, o.cached_instructor_id)));
BEGIN
  -- An update that changes nothing counted (the most) reads no rows.
  IF cardinality(whose) = 0 THEN RETURN NULL; END IF;
  PERFORM srs_decision_months_moved(whose,
    array(SELECT n.id FROM srs_new_decisions n WHERE n.cached_student_id = ANY(whose)),
    array(SELECT o::decisions FROM srs_old_decisions o WHERE o.cached_student_id = ANY(whose)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_decisions_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM decision_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER decisions_months_added AFTER INSERT ON "decisions"
  REFERENCING NEW TABLE AS srs_new_decisions FOR EACH STATEMENT EXECUTE FUNCTION srs_decisions_added();
--> statement-breakpoint
CREATE TRIGGER decisions_months_removed AFTER DELETE ON "decisions"
  REFERENCING OLD TABLE AS srs_old_decisions FOR EACH STATEMENT EXECUTE FUNCTION srs_decisions_removed();
--> statement-breakpoint
CREATE TRIGGER decisions_months_changed AFTER UPDATE ON "decisions"
  REFERENCING OLD TABLE AS srs_old_decisions NEW TABLE AS srs_new_decisions FOR EACH STATEMENT EXECUTE FUNCTION srs_decisions_changed();
--> statement-breakpoint
CREATE TRIGGER decisions_months_emptied AFTER TRUNCATE ON "decisions" FOR EACH STATEMENT EXECUTE FUNCTION srs_decisions_emptied();
--> statement-breakpoint
-- An option renamed or moved to another series: its decisions' students counted again under what
-- it is now, against what it was.
CREATE FUNCTION srs_decision_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved decision_options[] := array(SELECT o::decision_options FROM srs_old_options o JOIN srs_new_options n ON n.id = o.id
    WHERE (n.name, n.series_id) IS DISTINCT FROM (o.name, o.series_id));
  whose bigint[];
  now_rows decisions[];
BEGIN
  IF cardinality(moved) = 0 THEN RETURN NULL; END IF;
  whose := array(SELECT DISTINCT d.cached_student_id FROM decisions d
    WHERE d.decision_option_id IN (SELECT m.id FROM unnest(moved) m) AND d.cached_student_id IS NOT NULL);
  IF cardinality(whose) = 0 THEN RETURN NULL; END IF;
  PERFORM srs_lock_decision_students(whose);
  now_rows := array(SELECT d FROM decisions d WHERE d.cached_student_id = ANY(whose));
  PERFORM srs_decision_months_change(now_rows, now_rows, moved);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER decision_options_months_changed AFTER UPDATE ON "decision_options"
  REFERENCING OLD TABLE AS srs_old_options NEW TABLE AS srs_new_options FOR EACH STATEMENT EXECUTE FUNCTION srs_decision_options_changed();
--> statement-breakpoint
-- The decisions of the students after `after_student` counted (the large seed, whose superuser
-- writes with the triggers off, a batch of new students at a time, and adds the rows up at its end).
CREATE FUNCTION srs_count_decision_months_after(after_student bigint) RETURNS void
LANGUAGE sql AS $$
  SELECT srs_decision_months_change('{}', array(SELECT d FROM decisions d WHERE d.cached_student_id > after_student), '{}');
$$;
--> statement-breakpoint
DO $$
DECLARE
  step constant bigint := 100000;
  low bigint := 0;
  top bigint := (SELECT coalesce(max(cached_student_id), 0) FROM decisions);
BEGIN
  WHILE low <= top LOOP
    PERFORM srs_decision_months_change('{}',
      array(SELECT d FROM decisions d WHERE d.cached_student_id > low AND d.cached_student_id <= low + step), '{}');
    low := low + step;
  END LOOP;
  PERFORM srs_compact_decision_months();
END $$;
