-- Global search (issue 43) on PGlite: GIN's fast update gathers new rows' trigrams in a pending
-- list of up to 4 MB, read row by row by every search of the index, and only VACUUM or a full list
-- merges it into the index. PGlite has no autovacuum, and the server's own vacuum runs only once a
-- tenth of a table has changed: on the large bench set (loaded after these indexes were made) the
-- lists held 100 to 460 pages each, and one search of the seven kinds spent most of its time
-- reading them. They also priced the indexes so high that the planner read products, locations
-- and files whole instead. A list of 64 kB (the least) keeps some batching for bulk writes.
ALTER INDEX "devices_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "devices_code_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "devices_note_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "devices_mac_hex_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "devices_custom_fields_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "devices_tags_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "sites_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "sites_tags_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "locations_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "locations_tags_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "products_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "products_model_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "companies_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "contacts_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "tickets_subject_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "attachments_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "attachments_tags_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
-- The lists already gathered, merged now (a new list only shrinks once full or vacuumed).
SELECT gin_clean_pending_list(c.oid)
  FROM pg_class c
  JOIN pg_am am ON am.oid = c.relam AND am.amname = 'gin'
  WHERE c.relkind = 'i' AND c.relnamespace = current_schema()::regnamespace;
