-- Issue 24 (docs/decisions/019): accounts that cannot be taken over, passwords that cannot be guessed.
-- Wrong passwords per email and wrong codes per user, counted until a right one; a lock that grows.
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
-- The browser that started a sign-in (the hash of its cookie): the callback must return to it.
ALTER TABLE "auth_requests" ADD COLUMN "browser_binding" text;--> statement-breakpoint
-- Raised by every change of email, password or second factor: older app tokens stop at once.
ALTER TABLE "users" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every instance forgets its cached sessions when a user's generation moves (docs/decisions/009).
DROP TRIGGER IF EXISTS users_sessions_changed ON "users";--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OF "first_name", "last_name", "email", "admin", "active", "session_generation" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
