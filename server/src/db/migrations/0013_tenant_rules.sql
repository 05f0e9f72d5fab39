-- Tickets are numbered per tenant (a visitor's report must not reveal how many tickets the whole
-- platform holds). Existing tickets are numbered in the order they were made.
ALTER TABLE "tenants" ADD COLUMN "ticket_counter" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "storage_quota_mb" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "tickets" SET "number" = numbered.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "id") AS n FROM "tickets") AS numbered
  WHERE "tickets"."id" = numbered."id";--> statement-breakpoint
UPDATE "tenants" SET "ticket_counter" = coalesce((SELECT max("number") FROM "tickets" WHERE "tickets"."tenant_id" = "tenants"."id"), 0);--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
-- A site's activity (the list's order) apart from its own version (what a stale form is refused by).
DROP INDEX "sites_updated_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sites" SET "activity_at" = "updated_at";--> statement-breakpoint
CREATE INDEX "sites_activity_idx" ON "sites" USING btree ("activity_at");--> statement-breakpoint
-- Slots handed out before this migration are kept: only new ones that no object takes are removed.
ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
UPDATE "uploads" SET "attached_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_tenant_number_key" ON "tickets" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;
