-- The handover pack's cover shows the integrator's logo, the pack may append each product's PDF
-- datasheet, and packs are numbered per site (issue 42).
ALTER TABLE "tenants" ADD COLUMN "logo_key" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "datasheet_key" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "datasheet_name" text;
--> statement-breakpoint
-- Packs are numbered per site, as tickets are per tenant: a platform-wide number would tell one
-- tenant how many packs the others make.
ALTER TABLE "sites" ADD COLUMN "handover_counter" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "handover_packs" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;
