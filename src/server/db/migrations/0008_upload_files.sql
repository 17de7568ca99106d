CREATE TABLE "pending_files" (
	"key" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_files_instance_idx" ON "pending_files" USING btree ("instance_id");