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
-- Adds `counts` enrollments (negative: takes them away) of each day started, school, instructor,
-- course and status given, as new rows by month (none for a key they come to 0 in).
CREATE FUNCTION srs_enrollment_months_add(days date[], schools bigint[], instructors bigint[], series bigint[], statuses text[],
  counts integer[]) RETURNS void LANGUAGE sql AS $$
  WITH k AS (
    SELECT date_trunc('month', u.day::timestamp)::date AS month, coalesce(u.school_id, 0) AS school_id,
      coalesce(u.instructor_id, 0) AS instructor_id, u.series_id, u.status, u.n
    FROM unnest(days, schools, instructors, series, statuses, counts) u(day, school_id, instructor_id, series_id, status, n)
  ), by_series AS (
    INSERT INTO enrollment_months (month, school_id, series_id, status, enrollments)
      SELECT k.month, k.school_id, k.series_id, k.status, sum(k.n) FROM k GROUP BY 1, 2, 3, 4 HAVING sum(k.n) <> 0
  )
  INSERT INTO enrollment_instructor_months (month, school_id, instructor_id, enrollments, active, graduated, inactive)
    SELECT c.month, c.school_id, c.instructor_id, c.enrollments, c.active, c.graduated, c.inactive
    FROM (
      SELECT k.month, k.school_id, k.instructor_id, sum(k.n) AS enrollments,
        coalesce(sum(k.n) FILTER (WHERE k.status IN ('Applied', 'Enrolled', 'Attended')), 0) AS active,
        coalesce(sum(k.n) FILTER (WHERE k.status = 'Graduated'), 0) AS graduated,
        coalesce(sum(k.n) FILTER (WHERE k.status = 'Inactive'), 0) AS inactive
      FROM k GROUP BY 1, 2, 3
    ) c
    WHERE (c.enrollments, c.active, c.graduated, c.inactive) <> (0, 0, 0, 0)
$$;
--> statement-breakpoint
-- The enrollments written, counted: those inserted added, those deleted taken away, and for an
-- update the rows before taken away and the rows after added, added up first by what they are
-- counted by: an update that changes none of it (a lesson sent changes its enrollment's caches)
-- writes nothing. No join of the two transition tables: a plan made for one row compares every
-- pair of a bulk update's (migration 0045).
CREATE FUNCTION srs_enrollment_months_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  days date[];
  schools bigint[];
  instructors bigint[];
  series bigint[];
  statuses text[];
  counts integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.started_on), array_agg(n.school_id), array_agg(n.instructor_id), array_agg(n.series_id), array_agg(n.status),
        array_agg(1)
      INTO days, schools, instructors, series, statuses, counts
      FROM srs_new_enrollments n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.started_on), array_agg(o.school_id), array_agg(o.instructor_id), array_agg(o.series_id), array_agg(o.status),
        array_agg(-1)
      INTO days, schools, instructors, series, statuses, counts
      FROM srs_old_enrollments o;
  ELSE
    SELECT array_agg(x.started_on), array_agg(x.school_id), array_agg(x.instructor_id), array_agg(x.series_id), array_agg(x.status),
        array_agg(x.n)
      INTO days, schools, instructors, series, statuses, counts
      FROM (
        SELECT c.started_on, c.school_id, c.instructor_id, c.series_id, c.status, sum(c.sign)::int AS n
        FROM (
          SELECT 1 AS sign, n.started_on, n.school_id, n.instructor_id, n.series_id, n.status FROM srs_new_enrollments n
          UNION ALL
          SELECT -1, o.started_on, o.school_id, o.instructor_id, o.series_id, o.status FROM srs_old_enrollments o
        ) c
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(c.sign) <> 0
      ) x;
  END IF;
  IF days IS NOT NULL THEN
    PERFORM srs_enrollment_months_add(days, schools, instructors, series, statuses, counts);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE, not DELETE: it waits for a compaction running meanwhile and takes its rows too.
CREATE FUNCTION srs_enrollment_months_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE enrollment_months, enrollment_instructor_months;
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
