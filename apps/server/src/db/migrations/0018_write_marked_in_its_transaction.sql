-- Issue 26 (docs/decisions/020): a keyed write marks its claim inside its own transaction, so that a
-- claim a stopped server left without an answer says whether its write was made.
ALTER TABLE "idempotent_writes" ADD COLUMN "written_at" timestamp with time zone;
