CREATE INDEX "decisions_attendance_id_idx" ON "decisions" USING btree ("attendance_id") WHERE "decisions"."attendance_id" is not null;--> statement-breakpoint
CREATE INDEX "interests_student_id_idx" ON "interests" USING btree ("student_id") WHERE "interests"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "interests_enrollment_id_idx" ON "interests" USING btree ("enrollment_id") WHERE "interests"."enrollment_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_episode_delivery_id_idx" ON "notes" USING btree ("episode_delivery_id") WHERE "notes"."episode_delivery_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_attendance_id_idx" ON "notes" USING btree ("attendance_id") WHERE "notes"."attendance_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_reminder_id_idx" ON "notes" USING btree ("reminder_id") WHERE "notes"."reminder_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_visit_id_idx" ON "notes" USING btree ("visit_id") WHERE "notes"."visit_id" is not null;--> statement-breakpoint
-- An enrollment deleted takes its lessons' counts away while they are still there to count; one
-- whose lessons went first (an import undone deletes them in one statement, counted by their own
-- trigger) has none, and is passed at the cost of one look-up rather than two queries and two
-- inserts of nothing (issue 27: 5,000 enrollments took 0.7 s).
CREATE OR REPLACE FUNCTION srs_enrollment_lessons_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM episode_deliveries d WHERE d.enrollment_id = OLD.id) THEN
    PERFORM srs_lesson_rollups(-1,
      ARRAY(SELECT d FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id),
      ARRAY(SELECT OLD.school_id FROM episode_deliveries d WHERE d.enrollment_id = OLD.id ORDER BY d.id));
  END IF;
  RETURN OLD;
END $$;
