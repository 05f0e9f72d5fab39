ALTER TABLE "activity_logs" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "params" jsonb;