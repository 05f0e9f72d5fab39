CREATE TABLE "site_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"device_headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_preferences" ADD CONSTRAINT "site_preferences_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preferences" ADD CONSTRAINT "site_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_preferences_site_user_key" ON "site_preferences" USING btree ("site_id","user_id");--> statement-breakpoint
CREATE INDEX "site_preferences_user_idx" ON "site_preferences" USING btree ("user_id");