-- The rows written since a version: the device list is written again past a quarter of them, without
-- reading every row's stamp first (modules/devices/list-cache.ts).
ALTER TABLE "site_device_versions" ADD COLUMN "written" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each statement that writes devices also adds, for each site it touched, how many of that site's
-- rows it wrote (a device moved between sites counts for both).
CREATE OR REPLACE FUNCTION raise_site_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO site_device_versions (site_id, version, written)
      SELECT d.site_id, 1, count(*) FROM new_devices d JOIN sites s ON s.id = d.site_id GROUP BY d.site_id
      ON CONFLICT (site_id) DO UPDATE
        SET version = site_device_versions.version + 1, written = site_device_versions.written + excluded.written;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO site_device_versions (site_id, version, written)
      SELECT d.site_id, 1, count(*) FROM old_devices d JOIN sites s ON s.id = d.site_id GROUP BY d.site_id
      ON CONFLICT (site_id) DO UPDATE
        SET version = site_device_versions.version + 1, written = site_device_versions.written + excluded.written;
  ELSE
    INSERT INTO site_device_versions (site_id, version, written)
      SELECT d.site_id, 1, count(*)
        FROM (SELECT id, site_id FROM old_devices UNION SELECT id, site_id FROM new_devices) d
        JOIN sites s ON s.id = d.site_id
        GROUP BY d.site_id
      ON CONFLICT (site_id) DO UPDATE
        SET version = site_device_versions.version + 1, written = site_device_versions.written + excluded.written;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted site's version goes with it: before, its row stayed for good. Its devices' trigger
-- writes nothing for a site gone, whether they were deleted before the site or with it.
DELETE FROM site_device_versions v WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.id = v.site_id);
--> statement-breakpoint
CREATE FUNCTION drop_site_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM site_device_versions WHERE site_id IN (SELECT id FROM old_sites);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sites_deleted_drop_version AFTER DELETE ON sites
  REFERENCING OLD TABLE AS old_sites FOR EACH STATEMENT EXECUTE FUNCTION drop_site_devices_version();
