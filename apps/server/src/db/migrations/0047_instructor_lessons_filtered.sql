-- The network's Lessons report by instructor of one course or one delivery type over whole months
-- (issue 28) read every count of the period (some 520,000 over twelve months on the 1M seed) to keep
-- a third. Keyed by the course or the type first, with what the report adds up and is scoped and
-- grouped by, each reads its own third from the index alone (the counts' part of the query: 166 ->
-- 60 ms for twelve months).
CREATE INDEX "lesson_instructor_months_series_idx" ON "lesson_instructor_months" USING btree ("series_id","month")
  INCLUDE ("school_id", "instructor_id", "sent", "completed");--> statement-breakpoint
CREATE INDEX "lesson_instructor_months_delivery_idx" ON "lesson_instructor_months" USING btree ("delivery_type","month")
  INCLUDE ("school_id", "instructor_id", "sent", "completed");