-- A file is found by the name it was given on the site (what its card shows) as well as by the
-- name it was uploaded under: a renamed "Fire certificate" was found only as "scan_0042.pdf".
DROP INDEX IF EXISTS "attachments_filename_trgm_idx";
--> statement-breakpoint
CREATE INDEX "attachments_name_trgm_idx" ON "attachments" USING gin (lower("filename" || ' ' || coalesce("original_filename", '')) public.gin_trgm_ops);
