-- Signed-in users and their scope are cached per token by every server instance
-- (docs/decisions/009). Any change that could alter who a user is or what they see tells every
-- instance at once, whoever made it: the app, a script or psql.
CREATE OR REPLACE FUNCTION srs_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('srs_sessions', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roles_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OF "first_name", "last_name", "email", "admin", "active" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER schools_sessions_changed AFTER INSERT OR UPDATE OF "conference_id", "school_code", "church_name" OR DELETE OR TRUNCATE ON "schools"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER conferences_sessions_changed AFTER UPDATE OF "name" OR DELETE OR TRUNCATE ON "conferences"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_sessions_changed AFTER INSERT ON "revoked_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION srs_sessions_changed();
