CREATE TABLE "gallery_versions" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"v" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The public wall's version (issue 14): every statement that changes what a public page shows adds 1 to the row of
-- its transaction (txid % 16), in that transaction, so readers of one snapshot see the change and its version
-- together. A transaction only ever holds its own row: writers of other rows never wait, and no two rows are
-- locked in opposite orders.
CREATE FUNCTION "gallery_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gallery_versions" ("shard", "v") VALUES ((txid_current() % 16)::smallint, 1)
    ON CONFLICT ("shard") DO UPDATE SET "v" = "gallery_versions"."v" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "artworks_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artworks"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "artwork_images_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artwork_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "artwork_tags_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "artwork_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "likes_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "profiles_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "tags_gallery_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
INSERT INTO "gallery_versions" ("shard", "v") SELECT g, 0 FROM generate_series(0, 15) g;
