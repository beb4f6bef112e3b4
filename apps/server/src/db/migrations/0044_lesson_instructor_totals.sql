-- Lessons sent and completed per month, school and the student's instructor (issue 28): the counts
-- by instructor (0024) added up over course and delivery type, kept by statement triggers on them.
-- The network's Lessons report by instructor, of a school or of one instructor, reads these: twelve
-- months of the 1M seed are 58,750 counts instead of 524,608 (at 2 clients, p95 481 ms for the
-- global admin, who reads them all). Written inside srs_lesson_rollups, which holds the lessons'
-- counts lock (0037): one writer at a time, as for the counts they add up.
CREATE TABLE "lesson_instructor_totals" (
	"month" date NOT NULL,
	"school_id" bigint NOT NULL,
	"instructor_id" bigint NOT NULL,
	"sent" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "lesson_instructor_totals_month_school_id_instructor_id_pk" PRIMARY KEY("month","school_id","instructor_id")
);
--> statement-breakpoint
-- The counts by instructor written (new rows added, old ones taken away), added up by month,
-- school and instructor into the totals.
CREATE FUNCTION srs_lesson_instructor_totals_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lesson_instructor_totals AS t (month, school_id, instructor_id, sent, completed)
      SELECT n.month, n.school_id, n.instructor_id, sum(n.sent), sum(n.completed)
      FROM srs_new_counts n GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, school_id, instructor_id) DO UPDATE SET sent = t.sent + excluded.sent, completed = t.completed + excluded.completed;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO lesson_instructor_totals AS t (month, school_id, instructor_id, sent, completed)
      SELECT x.month, x.school_id, x.instructor_id, sum(x.sent), sum(x.completed)
      FROM (
        SELECT n.month, n.school_id, n.instructor_id, n.sent, n.completed FROM srs_new_counts n
        UNION ALL
        SELECT o.month, o.school_id, o.instructor_id, -o.sent, -o.completed FROM srs_old_counts o
      ) x
      GROUP BY 1, 2, 3 HAVING (sum(x.sent), sum(x.completed)) <> (0, 0) ORDER BY 1, 2, 3
    ON CONFLICT (month, school_id, instructor_id) DO UPDATE SET sent = t.sent + excluded.sent, completed = t.completed + excluded.completed;
  ELSE
    INSERT INTO lesson_instructor_totals AS t (month, school_id, instructor_id, sent, completed)
      SELECT o.month, o.school_id, o.instructor_id, -sum(o.sent), -sum(o.completed)
      FROM srs_old_counts o GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, school_id, instructor_id) DO UPDATE SET sent = t.sent + excluded.sent, completed = t.completed + excluded.completed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION srs_lesson_instructor_totals_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lesson_instructor_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lesson_instructor_months_totals_insert AFTER INSERT ON "lesson_instructor_months"
  REFERENCING NEW TABLE AS srs_new_counts FOR EACH STATEMENT EXECUTE FUNCTION srs_lesson_instructor_totals_counted();
--> statement-breakpoint
CREATE TRIGGER lesson_instructor_months_totals_update AFTER UPDATE ON "lesson_instructor_months"
  REFERENCING OLD TABLE AS srs_old_counts NEW TABLE AS srs_new_counts FOR EACH STATEMENT EXECUTE FUNCTION srs_lesson_instructor_totals_counted();
--> statement-breakpoint
CREATE TRIGGER lesson_instructor_months_totals_delete AFTER DELETE ON "lesson_instructor_months"
  REFERENCING OLD TABLE AS srs_old_counts FOR EACH STATEMENT EXECUTE FUNCTION srs_lesson_instructor_totals_counted();
--> statement-breakpoint
CREATE TRIGGER lesson_instructor_months_totals_emptied AFTER TRUNCATE ON "lesson_instructor_months"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_lesson_instructor_totals_emptied();
--> statement-breakpoint
-- The totals of the counts by instructor of some schools, added to those kept: the backfill below,
-- and the large seed, which writes the counts of its new schools with the triggers off.
CREATE FUNCTION srs_count_lesson_instructor_totals(of_schools bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lesson_instructor_totals AS t (month, school_id, instructor_id, sent, completed)
    SELECT lm.month, lm.school_id, lm.instructor_id, sum(lm.sent), sum(lm.completed)
    FROM lesson_instructor_months lm WHERE of_schools IS NULL OR lm.school_id = ANY(of_schools)
    GROUP BY 1, 2, 3 HAVING (sum(lm.sent), sum(lm.completed)) <> (0, 0)
  ON CONFLICT (month, school_id, instructor_id) DO UPDATE SET sent = t.sent + excluded.sent, completed = t.completed + excluded.completed;
$$;
--> statement-breakpoint
SELECT srs_count_lesson_instructor_totals(NULL);
