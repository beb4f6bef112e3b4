ALTER TABLE "student_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_imports" ADD COLUMN "undone_by_id" bigint;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;