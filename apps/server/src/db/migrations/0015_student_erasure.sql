-- Issue 12: when a student's personal data was erased on request (docs/decisions/017); the row stays for the reports' counts.
ALTER TABLE "students" ADD COLUMN "erased_at" timestamp with time zone;