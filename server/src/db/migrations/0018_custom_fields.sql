-- Custom fields (issue 43). A tenant's definitions live in their own table; an object's values
-- live in its own row as jsonb keyed by field id: the devices page reads them with the row it
-- already reads (no join over 20,000 devices), and a device's row version moves when its values
-- change, which keeps the server's copy of a device list right (list-cache.ts).
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type" text NOT NULL,
	"applies_to" text NOT NULL,
	"procat_ids" integer[] DEFAULT '{}' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"default" jsonb,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_type_check" CHECK ("type" in ('text', 'number', 'date', 'boolean', 'choice', 'url')),
	CONSTRAINT "custom_fields_applies_to_check" CHECK ("applies_to" in ('devices', 'sites', 'locations'))
);
--> statement-breakpoint
-- One name per tenant and kind of object whatever its case: it is the column's header in exports.
CREATE UNIQUE INDEX "custom_fields_tenant_name_key" ON "custom_fields" USING btree ("tenant_id", "applies_to", lower("name"));
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Global search matches the values (never the ids they are kept under) as substrings: a trigram
-- index on the values' JSON text, word for word the expression of search/queries.ts.
CREATE INDEX "devices_custom_fields_trgm_idx" ON "devices" USING gin (lower(jsonb_path_query_array("custom_fields", '$.*')::text) public.gin_trgm_ops);
