-- The person's language (issue 29): 'en' or 'es', chosen in My Account; null while none is chosen,
-- when their browser's language is used. Their mails, files and messages follow it.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" IN ('en', 'es'));
--> statement-breakpoint
-- Every instance forgets its cached sessions when a user's language changes too: a session carries
-- it, and the server speaks it (docs/decisions/009, 027).
DROP TRIGGER IF EXISTS users_sessions_changed ON "users";--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OF "first_name", "last_name", "email", "admin", "active", "session_generation", "language" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
