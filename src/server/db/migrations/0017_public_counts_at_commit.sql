-- The public gallery's count changed at commit (issue 30), as 0016 did for the wall's version. 0007's statement
-- triggers added each change to its shard row (profile_id % 16) in the statement that made it, so that row was held
-- from an upload's insert into artworks to its commit, across every round trip between them: another family whose
-- profile fell on the same shard waited for it (uploads alone on PostgreSQL: the insert waited 29 ms on average).
-- The same triggers now add each change per shard to a transaction-local setting (their function is replaced here),
-- and a deferred constraint trigger, queued only by rows that change the count, applies the sum once, at commit,
-- shards in order. It is still the same transaction as the change, so the count is exact at every commit, and a
-- rolled-back savepoint takes its part of the sum with it (settings are transactional). TRUNCATE empties the table
-- at once, and what was pending with it.
CREATE OR REPLACE FUNCTION "public_work_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  pending jsonb;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM set_config('little_museum.public_counts', '', true);
    DELETE FROM "public_work_counts";
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(s, n) INTO changes
      FROM (SELECT ("profile_id" % 16)::text AS s, count(*) AS n FROM "new_rows" WHERE "is_public" GROUP BY 1) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(s, n) INTO changes
      FROM (SELECT ("profile_id" % 16)::text AS s, -count(*) AS n FROM "old_rows" WHERE "is_public" GROUP BY 1) c;
  ELSE
    SELECT jsonb_object_agg(s, n) INTO changes
      FROM (
        SELECT s, sum(n) AS n FROM (
          SELECT ("profile_id" % 16)::text AS s, -1 AS n FROM "old_rows" WHERE "is_public"
          UNION ALL
          SELECT ("profile_id" % 16)::text, 1 FROM "new_rows" WHERE "is_public"
        ) u GROUP BY 1 HAVING sum(n) <> 0
      ) c;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  pending := coalesce(nullif(current_setting('little_museum.public_counts', true), ''), '{}')::jsonb;
  SELECT jsonb_object_agg(s, n) INTO pending
    FROM (
      SELECT key AS s, sum(value::bigint) AS n
      FROM (SELECT * FROM jsonb_each_text(pending) UNION ALL SELECT * FROM jsonb_each_text(changes)) e
      GROUP BY key
    ) t;
  PERFORM set_config('little_museum.public_counts', pending::text, true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "public_work_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := current_setting('little_museum.public_counts', true);
BEGIN
  IF pending IS NULL OR pending = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('little_museum.public_counts', '', true);
  INSERT INTO "public_work_counts" ("shard", "n")
    SELECT key::smallint, value::bigint FROM jsonb_each_text(pending::jsonb) WHERE value::bigint <> 0 ORDER BY 1
    ON CONFLICT ("shard") DO UPDATE SET "n" = "public_work_counts"."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artworks_public_count_insert_apply" AFTER INSERT ON "artworks" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."is_public") EXECUTE FUNCTION "public_work_counts_apply"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artworks_public_count_update_apply" AFTER UPDATE ON "artworks" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_public" IS DISTINCT FROM NEW."is_public"
    OR (NEW."is_public" AND OLD."profile_id" % 16 IS DISTINCT FROM NEW."profile_id" % 16))
  EXECUTE FUNCTION "public_work_counts_apply"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "artworks_public_count_delete_apply" AFTER DELETE ON "artworks" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."is_public") EXECUTE FUNCTION "public_work_counts_apply"();
