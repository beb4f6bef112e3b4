-- A report of one instructor (its filter) finds the enrollments of their students by this index, and
-- their lessons by the enrollment (issue 28): a network's Lesson turnaround by course of one
-- instructor read every enrollment (1M seed: a parallel scan of 1,050,307 for 260, 480-700 ms).
CREATE INDEX "enrollments_instructor_id_idx" ON "enrollments" USING btree ("instructor_id");