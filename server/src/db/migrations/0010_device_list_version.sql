CREATE TABLE "site_device_versions" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);

--> statement-breakpoint
-- Every statement that writes devices raises the version of each site it touched, once per
-- statement (a bulk edit of 20,000 devices is one raise), whichever code sent it. A site still
-- without a row is at version 0. Rows of a deleted site are not written (its devices go with it).
CREATE FUNCTION raise_site_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO site_device_versions (site_id, version)
      SELECT s.id, 1 FROM sites s WHERE s.id IN (SELECT site_id FROM new_devices)
      ON CONFLICT (site_id) DO UPDATE SET version = site_device_versions.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO site_device_versions (site_id, version)
      SELECT s.id, 1 FROM sites s WHERE s.id IN (SELECT site_id FROM old_devices)
      ON CONFLICT (site_id) DO UPDATE SET version = site_device_versions.version + 1;
  ELSE
    INSERT INTO site_device_versions (site_id, version)
      SELECT s.id, 1 FROM sites s
      WHERE s.id IN (SELECT site_id FROM old_devices UNION SELECT site_id FROM new_devices)
      ON CONFLICT (site_id) DO UPDATE SET version = site_device_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER devices_inserted_raise_version AFTER INSERT ON devices
  REFERENCING NEW TABLE AS new_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_site_devices_version();
--> statement-breakpoint
CREATE TRIGGER devices_updated_raise_version AFTER UPDATE ON devices
  REFERENCING OLD TABLE AS old_devices NEW TABLE AS new_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_site_devices_version();
--> statement-breakpoint
CREATE TRIGGER devices_deleted_raise_version AFTER DELETE ON devices
  REFERENCING OLD TABLE AS old_devices FOR EACH STATEMENT EXECUTE FUNCTION raise_site_devices_version();
