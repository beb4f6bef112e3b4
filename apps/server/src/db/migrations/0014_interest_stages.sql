-- Issue 12: the days an interest was enrolled and closed (the tracking funnel), and the enrollment its assignment made.
ALTER TABLE "interests" ADD COLUMN "enrolled_at" date;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "closed_at" date;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "enrollment_id" bigint;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE set null ON UPDATE no action;