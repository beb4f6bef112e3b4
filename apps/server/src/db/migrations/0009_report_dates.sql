-- The reports over a period (issue 11) find the lessons sent or returned in it.
CREATE INDEX "episode_deliveries_date_sent_idx" ON "episode_deliveries" USING btree ("date_sent");--> statement-breakpoint
CREATE INDEX "episode_deliveries_date_completed_idx" ON "episode_deliveries" USING btree ("date_completed");