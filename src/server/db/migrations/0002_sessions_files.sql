CREATE TABLE "file_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" text,
	"profile_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_code_proofs" (
	"profile_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"proven_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organization_code_proofs_profile_id_organization_id_pk" PRIMARY KEY("profile_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_parent_id_login_sessions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."login_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD CONSTRAINT "login_sessions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_code_proofs" ADD CONSTRAINT "organization_code_proofs_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_code_proofs" ADD CONSTRAINT "organization_code_proofs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_deletions_next_idx" ON "file_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "login_sessions_user_idx" ON "login_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_sessions_parent_idx" ON "login_sessions" USING btree ("parent_id");--> statement-breakpoint
-- Logins from before sessions had rows: each refresh family becomes a session, revoked if any of its tokens was.
INSERT INTO "login_sessions" ("id", "user_id", "profile_id", "revoked_at", "created_at")
SELECT "family", min("user_id"), min("profile_id"), CASE WHEN bool_or("revoked_at" IS NOT NULL) THEN now() END, min("created_at")
FROM "refresh_tokens" GROUP BY "family"
ON CONFLICT DO NOTHING;
