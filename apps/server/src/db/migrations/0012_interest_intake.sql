-- Issue 12: an interest a website sent with an API key keeps the key and the sender's own id;
-- the same id from the same key is the same interest (a retried post never makes two).
ALTER TABLE "interests" ADD COLUMN "api_key_id" bigint;--> statement-breakpoint
ALTER TABLE "interests" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "interests" ADD CONSTRAINT "interests_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interests_api_key_external_id_key" ON "interests" USING btree ("api_key_id","external_id");