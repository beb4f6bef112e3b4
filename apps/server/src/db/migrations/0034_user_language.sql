-- The person's language (issue 29): 'en' or 'es', chosen in My Account; null while none is chosen,
-- when their browser's language is used. Their mails, files and messages follow it.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" IN ('en', 'es'));
