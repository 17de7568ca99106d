ALTER TABLE "inquiries" ADD COLUMN "notify_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "notify_next_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inquiries_unnotified_idx" ON "inquiries" USING btree ("notify_next_at") WHERE "inquiries"."notified_at" is null;--> statement-breakpoint
-- Inquiries from before this migration whose notice never went: due now.
UPDATE "inquiries" SET "notify_next_at" = now() WHERE "notified_at" IS NULL;
