-- Name search at network scale (docs/decisions/011): a stored search name, name orders that carry
-- it, and the words of every name with their students in name order, kept by triggers.
CREATE TABLE "name_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "name_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
CREATE TABLE "student_words" (
	"word_id" integer NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"student_id" bigint NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint,
	CONSTRAINT "student_words_word_id_last_name_first_name_student_id_pk" PRIMARY KEY("word_id","last_name","first_name","student_id") INCLUDE ("school_id", "instructor_id")
);
--> statement-breakpoint
DROP INDEX "students_full_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("students"."first_name" || ' ' || coalesce("students"."middle_name", '') || ' ' || "students"."last_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "student_words" ADD CONSTRAINT "student_words_word_id_name_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."name_words"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_words" ADD CONSTRAINT "student_words_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "name_words_word_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "student_words_student_id_idx" ON "student_words" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "students_search_name_trgm_idx" ON "students" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "search_name" SET STATISTICS 1000;--> statement-breakpoint
DROP INDEX "students_name_idx";--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("last_name","first_name","id") INCLUDE ("search_name", "school_id", "instructor_id");--> statement-breakpoint
DROP INDEX "students_school_name_idx";--> statement-breakpoint
CREATE INDEX "students_school_name_idx" ON "students" USING btree ("school_id","last_name","first_name","id") INCLUDE ("search_name");--> statement-breakpoint
DROP INDEX "students_instructor_name_idx";--> statement-breakpoint
CREATE INDEX "students_instructor_name_idx" ON "students" USING btree ("instructor_id","last_name","first_name","id") INCLUDE ("search_name", "school_id");--> statement-breakpoint
-- The words of new or renamed students (a word is a run of characters between spaces), each
-- student once per word, new words written in word order so that two writers never wait on each
-- other in opposite orders. A deleted student's rows go with it (ON DELETE CASCADE).
CREATE FUNCTION srs_student_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id) INTO changed
      FROM srs_new_students n JOIN srs_old_students o ON o.id = n.id
      WHERE (o.search_name, o.last_name, o.first_name, o.school_id, o.instructor_id)
        IS DISTINCT FROM (n.search_name, n.last_name, n.first_name, n.school_id, n.instructor_id);
    IF changed IS NULL THEN
      RETURN NULL;
    END IF;
    DELETE FROM student_words WHERE student_id = ANY (changed);
  END IF;
  INSERT INTO name_words (word)
    SELECT DISTINCT t.word FROM srs_new_students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
    WHERE t.word <> '' AND (changed IS NULL OR s.id = ANY (changed)) ORDER BY t.word
    ON CONFLICT (word) DO NOTHING;
  INSERT INTO student_words (word_id, last_name, first_name, student_id, school_id, instructor_id)
    SELECT DISTINCT w.id, s.last_name, s.first_name, s.id, s.school_id, s.instructor_id
    FROM srs_new_students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
    JOIN name_words w ON w.word = t.word
    WHERE changed IS NULL OR s.id = ANY (changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_words_insert AFTER INSERT ON "students"
  REFERENCING NEW TABLE AS srs_new_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_words();
--> statement-breakpoint
CREATE TRIGGER students_words_update AFTER UPDATE ON "students"
  REFERENCING OLD TABLE AS srs_old_students NEW TABLE AS srs_new_students FOR EACH STATEMENT EXECUTE FUNCTION srs_student_words();
--> statement-breakpoint
INSERT INTO name_words (word)
  SELECT DISTINCT t.word FROM students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
  WHERE t.word <> '' ORDER BY t.word;
--> statement-breakpoint
INSERT INTO student_words (word_id, last_name, first_name, student_id, school_id, instructor_id)
  SELECT DISTINCT w.id, s.last_name, s.first_name, s.id, s.school_id, s.instructor_id
  FROM students s CROSS JOIN regexp_split_to_table(s.search_name, ' ') t(word)
  JOIN name_words w ON w.word = t.word;
