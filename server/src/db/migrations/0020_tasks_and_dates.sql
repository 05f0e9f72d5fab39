-- What is due (issue 44): the dates that expire or recur, and maintenance tasks with their history.
ALTER TABLE "secrets" ADD COLUMN "expires_at" date;
--> statement-breakpoint
ALTER TABLE "secrets" ADD COLUMN "rotate_every_days" integer;
--> statement-breakpoint
ALTER TABLE "secrets" ADD COLUMN "password_changed_at" timestamp with time zone;
--> statement-breakpoint
-- The next rotation counts from the last password change. The vault's log has recorded every change
-- (changes.password_changed) since secrets existed; a password older than its log counts from the
-- secret's creation.
UPDATE "secrets" s SET "password_changed_at" = coalesce(
  (SELECT max(l."created_at") FROM "activity_logs" l
    WHERE l."object_model" = 'Secret' AND l."object_id" = s."id" AND l."changes" ? 'password_changed'),
  s."created_at")
WHERE s."password_encrypted" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "secrets" ADD CONSTRAINT "secrets_rotate_every_days_check" CHECK ("secrets"."rotate_every_days" IS NULL OR "secrets"."rotate_every_days" > 0);
--> statement-breakpoint
CREATE INDEX "secrets_expires_idx" ON "secrets" USING btree ("site_id","expires_at") WHERE "secrets"."expires_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "secrets_rotation_idx" ON "secrets" USING btree ("site_id") WHERE "secrets"."rotate_every_days" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "end_of_sale" date;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "end_of_support" date;
--> statement-breakpoint
CREATE INDEX "products_end_of_life_idx" ON "products" USING btree ("id") WHERE "products"."end_of_sale" IS NOT NULL OR "products"."end_of_support" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "valid_until" date;
--> statement-breakpoint
CREATE INDEX "attachments_valid_until_idx" ON "attachments" USING btree ("site_id","valid_until") WHERE "attachments"."valid_until" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"device_id" integer,
	"location_id" integer,
	"user_id" integer,
	"assignee_id" integer,
	"title" text NOT NULL,
	"description" text,
	"interval" integer DEFAULT 1 NOT NULL,
	"interval_unit" text NOT NULL,
	"next_due_date" date NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_interval_unit_check" CHECK ("tasks"."interval_unit" in ('days', 'weeks', 'months', 'years', 'once')),
	CONSTRAINT "tasks_interval_check" CHECK ("tasks"."interval" > 0),
	CONSTRAINT "tasks_one_target_check" CHECK ("tasks"."device_id" IS NULL OR "tasks"."location_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_site_due_idx" ON "tasks" USING btree ("site_id","next_due_date") WHERE "tasks"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tasks_site_idx" ON "tasks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "tasks_device_idx" ON "tasks" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "tasks_location_idx" ON "tasks" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id");--> statement-breakpoint
CREATE TABLE "task_completions" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text,
	"done_at" date NOT NULL,
	"note" text,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"previous_due_date" date NOT NULL,
	"next_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_completions" ADD CONSTRAINT "task_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_completions_task_idx" ON "task_completions" USING btree ("task_id","done_at");--> statement-breakpoint
CREATE INDEX "task_completions_site_idx" ON "task_completions" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "task_completions_user_idx" ON "task_completions" USING btree ("user_id");
