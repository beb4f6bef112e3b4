ALTER TABLE "students" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "students_created_by_request_key" ON "students" USING btree ("created_by_id","request_key");