DROP INDEX "attachments_site_idx";--> statement-breakpoint
CREATE INDEX "attachments_site_created_idx" ON "attachments" USING btree ("site_id","created_at","id");