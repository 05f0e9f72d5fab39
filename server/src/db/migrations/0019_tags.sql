-- Tenant-wide tags with a colour (issue 43). An object holds its tags as an array of ids in its
-- own row, with a GIN index: the devices page reads them with the row it already reads (no join
-- over 20,000 devices), a tag filter is one index lookup (`tags @> array[id]`), and a device's row
-- version moves when its tags change, which keeps the server's copy of a device list right.
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_color_check" CHECK ("color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
-- One name per tenant whatever its case: "UPS" and "ups" would be two chips meaning one thing.
CREATE UNIQUE INDEX "tags_tenant_name_key" ON "tags" USING btree ("tenant_id", lower("name"));
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "tags" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "tags" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "tags" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "tags" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE INDEX "devices_tags_idx" ON "devices" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "sites_tags_idx" ON "sites" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "locations_tags_idx" ON "locations" USING gin ("tags");
--> statement-breakpoint
CREATE INDEX "attachments_tags_idx" ON "attachments" USING gin ("tags");
