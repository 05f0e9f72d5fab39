-- Active sessions and the new-browser mail (issue 46): the browsers each user signed in from,
-- known by the hash of a long-lived cookie.
CREATE TABLE "known_browsers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "known_browsers_user_token_key" ON "known_browsers" USING btree ("user_id","token_hash");
--> statement-breakpoint
CREATE INDEX "known_browsers_user_idx" ON "known_browsers" USING btree ("user_id","last_seen_at");
