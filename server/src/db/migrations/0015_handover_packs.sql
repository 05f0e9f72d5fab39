CREATE TABLE "handover_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text,
	"options" jsonb NOT NULL,
	"format" text NOT NULL,
	"language" text NOT NULL,
	"storage_key" text,
	"size" bigint,
	"pages" integer,
	"error_code" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_packs_status_check" CHECK ("handover_packs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "handover_packs_format_check" CHECK ("handover_packs"."format" in ('pdf', 'zip'))
);
--> statement-breakpoint
ALTER TABLE "handover_packs" ADD CONSTRAINT "handover_packs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_packs" ADD CONSTRAINT "handover_packs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_packs" ADD CONSTRAINT "handover_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handover_packs_site_created_idx" ON "handover_packs" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "handover_packs_tenant_idx" ON "handover_packs" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "handover_packs_user_idx" ON "handover_packs" USING btree ("user_id");