ALTER TABLE "sites" ADD COLUMN "devices_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that writes devices raises the version of the sites it touched, once per
-- statement (a bulk edit of 20,000 devices is one raise), whichever code sent it.
CREATE FUNCTION raise_site_devices_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE sites SET devices_version = devices_version + 1 WHERE id IN (SELECT site_id FROM new_devices);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE sites SET devices_version = devices_version + 1 WHERE id IN (SELECT site_id FROM old_devices);
  ELSE
    UPDATE sites SET devices_version = devices_version + 1
      WHERE id IN (SELECT site_id FROM old_devices UNION SELECT site_id FROM new_devices);
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
