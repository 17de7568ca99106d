CREATE TABLE "public_work_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The public gallery's count (issue 14): kept exact by statement triggers on artworks, in the transaction that
-- changes the works, so it is exact on every instance at every commit. Spread over 16 rows by the owner's profile,
-- so that families writing at once do not queue on one row. Cascaded deletes (a profile, an account) fire them too.
CREATE FUNCTION "public_work_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "public_work_counts";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "public_work_counts" ("shard", "n")
      SELECT "profile_id" % 16, -count(*) FROM "old_rows" WHERE "is_public" GROUP BY 1
      ON CONFLICT ("shard") DO UPDATE SET "n" = "public_work_counts"."n" + excluded."n";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "public_work_counts" ("shard", "n")
      SELECT "profile_id" % 16, count(*) FROM "new_rows" WHERE "is_public" GROUP BY 1
      ON CONFLICT ("shard") DO UPDATE SET "n" = "public_work_counts"."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "artworks_public_count_insert" AFTER INSERT ON "artworks" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_work_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "artworks_public_count_update" AFTER UPDATE ON "artworks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_work_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "artworks_public_count_delete" AFTER DELETE ON "artworks" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_work_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "artworks_public_count_truncate" AFTER TRUNCATE ON "artworks"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_work_counts_add"();
--> statement-breakpoint
-- The works that exist now, counted after the triggers are in place (CREATE TRIGGER holds off other writers until
-- this migration commits).
INSERT INTO "public_work_counts" ("shard", "n")
  SELECT "profile_id" % 16, count(*) FROM "artworks" WHERE "is_public" GROUP BY 1;
