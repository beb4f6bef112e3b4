-- The students per key of the same person (issue 27's duplicates page at a network's size),
-- kept by the database as the students change.
CREATE TABLE "student_key_counts" (
	"kind" smallint NOT NULL,
	"key" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "student_key_counts_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "student_key_counts_shared_idx" ON "student_key_counts" USING btree ("kind","key") WHERE "student_key_counts"."students" >= 2;
--> statement-breakpoint
-- The keys of one student, as the students' indexes hold them (db/schema/person-keys.ts, migration
-- 0021; the kept-count checks compare the two): kind 1 email, 2 phone, 3 name and zip.
CREATE FUNCTION srs_student_keys(email text, phone text, first_name text, last_name text, zip_code text)
  RETURNS TABLE (kind smallint, key text) LANGUAGE sql IMMUTABLE AS $$
  SELECT k.kind, k.key
  FROM (VALUES (email, phone, first_name, last_name, zip_code)) n(email, phone, first_name, last_name, zip_code)
  CROSS JOIN LATERAL (VALUES
    (1::smallint, nullif(lower(regexp_replace(n.email, '\s', '', 'g')), '')),
    (2::smallint, (case when length(regexp_replace(n.phone, '\D', '', 'g')) >= 7 then right(regexp_replace(n.phone, '\D', '', 'g'), 10) end)),
    (3::smallint, (case when btrim(regexp_replace(lower(regexp_replace(normalize(n.first_name, NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and btrim(regexp_replace(lower(regexp_replace(normalize(n.last_name, NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) <> '' and (case when length(regexp_replace(n.zip_code, '\D', '', 'g')) >= 5 then left(regexp_replace(n.zip_code, '\D', '', 'g'), 5)
    else nullif(upper(btrim(n.zip_code)), '') end) is not null
    then btrim(regexp_replace(lower(regexp_replace(normalize(n.first_name, NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || btrim(regexp_replace(lower(regexp_replace(normalize(n.last_name, NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g')) || '|' || (case when length(regexp_replace(n.zip_code, '\D', '', 'g')) >= 5 then left(regexp_replace(n.zip_code, '\D', '', 'g'), 5)
    else nullif(upper(btrim(n.zip_code)), '') end) end))) k(kind, key)
  WHERE k.key IS NOT NULL
$$;
--> statement-breakpoint
-- The students' keys added (1) or taken away (-1), erased students not counted; a key no student
-- holds any more goes.
CREATE FUNCTION srs_student_keys_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only the students whose keys or erasure changed: most edits touch neither.
    INSERT INTO student_key_counts AS c (kind, key, students)
      SELECT k.kind, k.key, sum(x.sign)
      FROM (
        SELECT -1 AS sign, o.email, o.phone, o.first_name, o.last_name, o.zip_code
        FROM srs_old_students o JOIN srs_new_students n ON n.id = o.id
        WHERE o.erased_at IS NULL AND (n.email, n.phone, n.first_name, n.last_name, n.zip_code, n.erased_at) IS DISTINCT FROM (o.email, o.phone, o.first_name, o.last_name, o.zip_code, o.erased_at)
        UNION ALL
        SELECT 1, n.email, n.phone, n.first_name, n.last_name, n.zip_code
        FROM srs_old_students o JOIN srs_new_students n ON n.id = o.id
        WHERE n.erased_at IS NULL AND (n.email, n.phone, n.first_name, n.last_name, n.zip_code, n.erased_at) IS DISTINCT FROM (o.email, o.phone, o.first_name, o.last_name, o.zip_code, o.erased_at)
      ) x CROSS JOIN LATERAL srs_student_keys(x.email, x.phone, x.first_name, x.last_name, x.zip_code) k
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
CREATE TRIGGER students_keys_counted_insert AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS srs_new_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_keys_counted();
--> statement-breakpoint
CREATE TRIGGER students_keys_counted_update AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS srs_old_students NEW TABLE AS srs_new_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_keys_counted();
--> statement-breakpoint
CREATE TRIGGER students_keys_counted_delete AFTER DELETE ON "students"
  REFERENCING OLD TABLE AS srs_old_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_keys_counted();
--> statement-breakpoint
-- The keys of the students after a given one, set-based: the backfill below, and the large seed,
-- which writes with the triggers off.
CREATE FUNCTION srs_count_student_keys_after(after_student bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO student_key_counts AS c (kind, key, students)
    SELECT k.kind, k.key, count(*) FROM students s CROSS JOIN LATERAL srs_student_keys(s.email, s.phone, s.first_name, s.last_name, s.zip_code) k
    WHERE s.id > after_student AND s.erased_at IS NULL GROUP BY 1, 2
  ON CONFLICT (kind, key) DO UPDATE SET students = c.students + excluded.students;
$$;
--> statement-breakpoint
SELECT srs_count_student_keys_after(0);
