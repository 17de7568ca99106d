CREATE TABLE "circle_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL,
	"fan_id" integer NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circle_stamps" (
	"fan_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"stamp" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_stamps_fan_id_artwork_id_pk" PRIMARY KEY("fan_id","artwork_id")
);
--> statement-breakpoint
CREATE TABLE "circle_views" (
	"fan_id" integer NOT NULL,
	"artwork_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_views_fan_id_artwork_id_pk" PRIMARY KEY("fan_id","artwork_id")
);
--> statement-breakpoint
ALTER TABLE "circle_comments" ADD CONSTRAINT "circle_comments_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_comments" ADD CONSTRAINT "circle_comments_fan_id_circle_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."circle_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_stamps" ADD CONSTRAINT "circle_stamps_fan_id_circle_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."circle_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_stamps" ADD CONSTRAINT "circle_stamps_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_views" ADD CONSTRAINT "circle_views_fan_id_circle_fans_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."circle_fans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_views" ADD CONSTRAINT "circle_views_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_comments_artwork_idx" ON "circle_comments" USING btree ("artwork_id","status");--> statement-breakpoint
CREATE INDEX "circle_comments_fan_idx" ON "circle_comments" USING btree ("fan_id");--> statement-breakpoint
CREATE INDEX "circle_stamps_artwork_idx" ON "circle_stamps" USING btree ("artwork_id");--> statement-breakpoint
CREATE INDEX "circle_views_artwork_idx" ON "circle_views" USING btree ("artwork_id");