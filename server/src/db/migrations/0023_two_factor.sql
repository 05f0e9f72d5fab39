-- Two-factor sign-in with TOTP (issue 46): secrets sealed with the vault key, recovery codes,
-- challenges and remembered browsers stored hashed, the tenant's policy, the vault's fresh codes.
CREATE TABLE "user_two_factor" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret_encrypted" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"purpose" text NOT NULL,
	"challenge_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_challenges_hash_key" ON "two_factor_challenges" USING btree ("challenge_hash");
--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "two_factor_browsers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_browsers_token_key" ON "two_factor_browsers" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "two_factor_browsers_user_idx" ON "two_factor_browsers" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "tenant_two_factor_policies" (
	"tenant_id" integer PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_two_factor" (
	"session_id" integer PRIMARY KEY NOT NULL REFERENCES "sessions"("id") ON DELETE cascade,
	"code_at" timestamp with time zone NOT NULL
);
