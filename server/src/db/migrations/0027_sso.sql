-- Single sign-on with OpenID Connect (issue 46): a tenant's provider (its client secret sealed with
-- the vault key), the e-mail domains it claims (each by one tenant at most), the flow's states and
-- the single-use codes that hand a sign-in to the web.
CREATE TABLE "tenant_sso" (
	"tenant_id" integer PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT true NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_encrypted" text NOT NULL,
	"create_users" boolean DEFAULT false NOT NULL,
	"new_user_role" integer DEFAULT 1 NOT NULL,
	"allow_password" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "sso_domains_tenant_idx" ON "sso_domains" USING btree ("tenant_id");
--> statement-breakpoint
CREATE TABLE "sso_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_states_state_key" ON "sso_states" USING btree ("state_hash");
--> statement-breakpoint
CREATE INDEX "sso_states_expires_idx" ON "sso_states" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "sso_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sso_handoffs_code_key" ON "sso_handoffs" USING btree ("code_hash");
--> statement-breakpoint
CREATE INDEX "sso_handoffs_user_idx" ON "sso_handoffs" USING btree ("user_id");
