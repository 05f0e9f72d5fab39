-- Global search (issue 43). pg_trgm lives in "public" so that every schema (one per API test file on
-- PostgreSQL) finds it under the same name; the queries name its operators "public." too.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "devices_code_trgm_idx" ON "devices" USING gin (lower("code") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "devices_note_trgm_idx" ON "devices" USING gin (lower("note") public.gin_trgm_ops);
--> statement-breakpoint
-- A MAC by its bare hex (any notation, any part of it): a trigram index answers "contains".
CREATE INDEX "devices_mac_hex_trgm_idx" ON "devices" USING gin ((lower(regexp_replace("mac", '[^0-9A-Fa-f]', '', 'g'))) public.gin_trgm_ops);
--> statement-breakpoint
-- Serials and IPs match whole or by their beginning.
CREATE INDEX "devices_sn_prefix_idx" ON "devices" (lower("sn") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "devices_ip_prefix_idx" ON "devices" ("ip" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "sites" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_model_trgm_idx" ON "products" USING gin (lower("product_model") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (lower(coalesce("fname", '') || ' ' || coalesce("lname", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company_name", '')) public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin (lower("subject") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "attachments_filename_trgm_idx" ON "attachments" USING gin (lower(coalesce("original_filename", "filename")) public.gin_trgm_ops);
