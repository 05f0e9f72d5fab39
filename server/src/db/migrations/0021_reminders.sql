CREATE TABLE "reminder_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"days" integer DEFAULT 30 NOT NULL,
	"site_ids" integer[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_preferences_frequency_check" CHECK ("reminder_preferences"."frequency" in ('weekly', 'daily', 'none')),
	CONSTRAINT "reminder_preferences_weekday_check" CHECK ("reminder_preferences"."weekday" between 1 and 7),
	CONSTRAINT "reminder_preferences_days_check" CHECK ("reminder_preferences"."days" between 0 and 366)
);
--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "reminders_sent_user_id_day_kind_item_id_site_id_pk" PRIMARY KEY("user_id","day","kind","item_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminders_sent_day_idx" ON "reminders_sent" USING btree ("day");--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_key" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "reminder_snoozes" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"until" date NOT NULL,
	CONSTRAINT "reminder_snoozes_user_id_kind_item_id_site_id_pk" PRIMARY KEY("user_id","kind","item_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "reminder_snoozes" ADD CONSTRAINT "reminder_snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_snoozes" ADD CONSTRAINT "reminder_snoozes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_snoozes_site_idx" ON "reminder_snoozes" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "devices_site_warranty_idx" ON "devices" USING btree ("site_id","warranty_expiration_date") WHERE "devices"."warranty_expiration_date" is not null and not "devices"."archived";--> statement-breakpoint
CREATE INDEX "site_accesses_site_validity_idx" ON "site_accesses" USING btree ("site_id","validity") WHERE "site_accesses"."validity" is not null;
