-- The public wall's version bumped at commit (issue 30). 0009 bumped it in each changing statement, so a transaction
-- held its shard row of gallery_versions from its first change to its commit: under a mixed load a like whose
-- transaction fell on the shard of an upload still inserting its images waited for that upload (likes' p99 4.4 s on
-- PostgreSQL). Now each change defers the bump to the commit (a deferred constraint trigger), once per transaction:
-- the row is held only while the transaction commits, and the bump is still in the same transaction as the change,
-- so readers of one snapshot see both or neither. TRUNCATE keeps its statement trigger (constraint triggers are per
-- row), which bumps at once as before.
CREATE FUNCTION "gallery_versions_bump_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('little_museum.gallery_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('little_museum.gallery_bumped', txid_current()::text, true);
  INSERT INTO "gallery_versions" ("shard", "v") VALUES ((txid_current() % 16)::smallint, 1)
    ON CONFLICT ("shard") DO UPDATE SET "v" = "gallery_versions"."v" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "artworks_gallery_version" ON "artworks";
--> statement-breakpoint
DROP TRIGGER "artwork_images_gallery_version" ON "artwork_images";
--> statement-breakpoint
DROP TRIGGER "artwork_tags_gallery_version" ON "artwork_tags";
--> statement-breakpoint
DROP TRIGGER "likes_gallery_version" ON "likes";
--> statement-breakpoint
DROP TRIGGER "profiles_gallery_version" ON "profiles";
--> statement-breakpoint
DROP TRIGGER "categories_gallery_version" ON "categories";
--> statement-breakpoint
DROP TRIGGER "tags_gallery_version" ON "tags";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artworks_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "artworks"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artwork_images_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "artwork_images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artwork_tags_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "artwork_tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "likes_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "likes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "profiles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_gallery_version" AFTER INSERT OR UPDATE OR DELETE ON "tags"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "gallery_versions_bump_once"();
--> statement-breakpoint
CREATE TRIGGER "artworks_gallery_version_truncate" AFTER TRUNCATE ON "artworks" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "artwork_images_gallery_version_truncate" AFTER TRUNCATE ON "artwork_images" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "artwork_tags_gallery_version_truncate" AFTER TRUNCATE ON "artwork_tags" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "likes_gallery_version_truncate" AFTER TRUNCATE ON "likes" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "profiles_gallery_version_truncate" AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_gallery_version_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "tags_gallery_version_truncate" AFTER TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "gallery_versions_bump"();
