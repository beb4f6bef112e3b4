CREATE TABLE "student_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"school_ids" jsonb NOT NULL,
	"file_name" text,
	"rows_count" integer NOT NULL,
	"students_count" integer NOT NULL,
	"enrollments_count" integer NOT NULL,
	"lessons_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"refused_count" integer NOT NULL,
	"made" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_imports_created_at_idx" ON "student_imports" USING btree ("created_at");