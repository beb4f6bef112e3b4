-- The triggers of the students find what an update changed without a join of the two transition
-- tables, as migration 0045 did for the enrollments' triggers. PL/pgSQL keeps a statement's plan
-- for the session: made for an update of one student (the most common), the join of the old and new
-- rows is a nested loop, which compares every pair of a later bulk update's (1M seed, 4,000 students
-- renamed in one statement after one: 36.1 s, of which the enrollments' place 16.9 s, the keys of
-- the same person 12.2 s, the name words 5.5 s; 1.9 s when the plan was made for many). What changed
-- is a row of one table not among the other's (EXCEPT, by its id and the columns in question): sorted
-- or hashed, never compared pair by pair. Each function as its migration last wrote it otherwise.

-- As migration 0024 wrote it.
CREATE OR REPLACE FUNCTION srs_student_school_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enrollments e SET school_id = m.school_id, instructor_id = m.instructor_id
    FROM (SELECT n.id, n.school_id, n.instructor_id FROM srs_new_students n
      EXCEPT SELECT o.id, o.school_id, o.instructor_id FROM srs_old_students o) m
    WHERE e.student_id = m.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0005 wrote it; the renamed students found without a join, and read as a set.
CREATE OR REPLACE FUNCTION srs_student_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(c.id) INTO changed
      FROM (SELECT n.id, n.search_name, n.last_name, n.first_name, n.school_id, n.instructor_id FROM srs_new_students n
        EXCEPT SELECT o.id, o.search_name, o.last_name, o.first_name, o.school_id, o.instructor_id FROM srs_old_students o) c;
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    DELETE FROM student_words WHERE student_id IN (SELECT unnest(changed));
  END IF;
  INSERT INTO name_words (word)
    SELECT DISTINCT t.word FROM srs_new_students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
    WHERE t.word <> '' AND (changed IS NULL OR s.id IN (SELECT unnest(changed))) ORDER BY t.word
    ON CONFLICT (word) DO NOTHING;
  INSERT INTO student_words (word_id, last_name, first_name, student_id, school_id, instructor_id)
    SELECT DISTINCT w.id, s.last_name, s.first_name, s.id, s.school_id, s.instructor_id
    FROM srs_new_students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
    JOIN name_words w ON w.word = t.word
    WHERE changed IS NULL OR s.id IN (SELECT unnest(changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0029 wrote it; the students whose keys or erasure changed found without a join.
CREATE OR REPLACE FUNCTION srs_student_keys_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only the students whose keys or erasure changed: most edits touch neither.
    INSERT INTO student_key_counts AS c (kind, key, students)
      SELECT k.kind, k.key, sum(x.sign)
      FROM (
        SELECT -1 AS sign, m.email, m.phone, m.first_name, m.last_name, m.zip_code, m.erased_at
        FROM (SELECT o.id, o.email, o.phone, o.first_name, o.last_name, o.zip_code, o.erased_at FROM srs_old_students o
          EXCEPT SELECT n.id, n.email, n.phone, n.first_name, n.last_name, n.zip_code, n.erased_at FROM srs_new_students n) m
        UNION ALL
        SELECT 1, m.email, m.phone, m.first_name, m.last_name, m.zip_code, m.erased_at
        FROM (SELECT n.id, n.email, n.phone, n.first_name, n.last_name, n.zip_code, n.erased_at FROM srs_new_students n
          EXCEPT SELECT o.id, o.email, o.phone, o.first_name, o.last_name, o.zip_code, o.erased_at FROM srs_old_students o) m
      ) x CROSS JOIN LATERAL srs_student_keys(x.email, x.phone, x.first_name, x.last_name, x.zip_code) k
      WHERE x.erased_at IS NULL
      GROUP BY 1, 2 HAVING sum(x.sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (kind, key) DO UPDATE SET students = c.students + excluded.students;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO student_key_counts AS c (kind, key, students)
      SELECT k.kind, k.key, count(*) FROM srs_new_students n CROSS JOIN LATERAL srs_student_keys(n.email, n.phone, n.first_name, n.last_name, n.zip_code) k
      WHERE n.erased_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (kind, key) DO UPDATE SET students = c.students + excluded.students;
  ELSE
    INSERT INTO student_key_counts AS c (kind, key, students)
      SELECT k.kind, k.key, -count(*) FROM srs_old_students o CROSS JOIN LATERAL srs_student_keys(o.email, o.phone, o.first_name, o.last_name, o.zip_code) k
      WHERE o.erased_at IS NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (kind, key) DO UPDATE SET students = c.students + excluded.students;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM student_key_counts c USING srs_old_students o CROSS JOIN LATERAL srs_student_keys(o.email, o.phone, o.first_name, o.last_name, o.zip_code) k
      WHERE c.students = 0 AND c.kind = k.kind AND c.key = k.key;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0036 wrote it; the options renamed or moved to another course found without a join
-- (a few dozen options: no bulk update is slow here, but no trigger joins its two transition tables).
CREATE OR REPLACE FUNCTION srs_decision_options_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved decision_options[] := array(SELECT o::decision_options FROM srs_old_options o
    WHERE o.id IN (SELECT c.id FROM (SELECT x.id, x.name, x.series_id FROM srs_old_options x
      EXCEPT SELECT n.id, n.name, n.series_id FROM srs_new_options n) c));
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
-- The lessons' counts moved with their enrollments or students are a few set-based statements over
-- arrays whose rows PostgreSQL cannot estimate (a join of two unnest by their place: millions of rows
-- guessed for 27,548), so that each was compiled (JIT, 200-300 ms a statement) where it runs in tens
-- of milliseconds: 4,000 students of 27,548 lessons given another instructor in one statement took
-- 22.6 s with JIT and 11.0 s without. The import and its undo already turn it off for their transaction.
ALTER FUNCTION srs_lesson_rollups(integer, episode_deliveries[], bigint[], bigint[]) SET jit = off;
--> statement-breakpoint
ALTER FUNCTION srs_enrollment_lessons_moved() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION srs_enrollment_student_moved() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION srs_student_school_moved() SET jit = off;
--> statement-breakpoint
ALTER FUNCTION srs_lessons_counted() SET jit = off;
