CREATE TABLE "parent_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"class_id" integer,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "parent_requests_profile_kind_class_uq" UNIQUE NULLS NOT DISTINCT("profile_id","kind","class_id")
);
--> statement-breakpoint
ALTER TABLE "parent_requests" ADD CONSTRAINT "parent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_requests" ADD CONSTRAINT "parent_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_requests" ADD CONSTRAINT "parent_requests_class_id_artist_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."artist_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parent_requests_user_idx" ON "parent_requests" USING btree ("user_id","status");