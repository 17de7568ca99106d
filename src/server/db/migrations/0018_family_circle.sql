CREATE TABLE "circle_fans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"fan_user_id" integer NOT NULL,
	"role" text NOT NULL,
	"role_label" text DEFAULT '' NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "circle_fans_family_fan_uq" UNIQUE("user_id","fan_user_id")
);
--> statement-breakpoint
CREATE TABLE "circle_follows" (
	"fan_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	CONSTRAINT "circle_follows_fan_id_profile_id_pk" PRIMARY KEY("fan_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "circle_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"role_label" text DEFAULT '' NOT NULL,
	"profile_ids" integer[] NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "circle_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "in_circle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "circle_by_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_fans" ADD CONSTRAINT "circle_fans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_fans" ADD CONSTRAINT "circle_fans_fan_user_id_users_id_fk" FOREIGN KEY ("fan_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_follows" ADD CONSTRAINT "circle_follows_fan_id_circle_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."circle_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_follows" ADD CONSTRAINT "circle_follows_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_fans_fan_idx" ON "circle_fans" USING btree ("fan_user_id");--> statement-breakpoint
CREATE INDEX "circle_follows_profile_idx" ON "circle_follows" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "circle_invitations_user_idx" ON "circle_invitations" USING btree ("user_id");