CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"a_device_id" integer,
	"a_interface_id" integer,
	"a_label" text,
	"b_device_id" integer,
	"b_interface_id" integer,
	"b_label" text,
	"cable_type" text,
	"length_m" real,
	"colour" text,
	"status" text DEFAULT 'planned' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "racks" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"u_height" integer DEFAULT 42 NOT NULL,
	"numbering" text DEFAULT 'bottom_up' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "rack_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "rack_u" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "rack_face" text;--> statement-breakpoint
ALTER TABLE "interfaces" ADD COLUMN "pass_through" text;--> statement-breakpoint
ALTER TABLE "procats" ADD COLUMN "passive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_a_device_id_devices_id_fk" FOREIGN KEY ("a_device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_a_interface_id_interfaces_id_fk" FOREIGN KEY ("a_interface_id") REFERENCES "interfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_b_device_id_devices_id_fk" FOREIGN KEY ("b_device_id") REFERENCES "devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_b_interface_id_interfaces_id_fk" FOREIGN KEY ("b_interface_id") REFERENCES "interfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racks" ADD CONSTRAINT "racks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racks" ADD CONSTRAINT "racks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_site_code_key" ON "connections" USING btree ("site_id",lower("code"));--> statement-breakpoint
CREATE INDEX "connections_a_port_idx" ON "connections" USING btree ("a_device_id","a_interface_id");--> statement-breakpoint
CREATE INDEX "connections_b_port_idx" ON "connections" USING btree ("b_device_id","b_interface_id");--> statement-breakpoint
CREATE INDEX "racks_site_idx" ON "racks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "racks_location_idx" ON "racks" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_rack_id_racks_id_fk" FOREIGN KEY ("rack_id") REFERENCES "racks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_rack_idx" ON "devices" USING btree ("rack_id");