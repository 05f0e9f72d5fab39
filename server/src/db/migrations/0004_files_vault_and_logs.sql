ALTER TABLE "activity_logs" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "original_filename" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "preview_key" text;--> statement-breakpoint
CREATE INDEX "activity_logs_parent_idx" ON "activity_logs" USING btree ("parent_model","parent_id");