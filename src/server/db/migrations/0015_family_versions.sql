CREATE TABLE "family_versions" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"v" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The families' version (issue 30): what a cached session check and a family's sharing rest on. Every statement that
-- changes a user, a profile, a login session (revoked, deleted) or a share adds 1 to the row of its transaction
-- (txid % 16), in that transaction, as gallery_versions does (0009). A new login session changes no cached check,
-- so inserts into login_sessions do not count.
CREATE FUNCTION "family_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "family_versions" ("shard", "v") VALUES ((txid_current() % 16)::smallint, 1)
    ON CONFLICT ("shard") DO UPDATE SET "v" = "family_versions"."v" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_family_version" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "family_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "profiles_family_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "family_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "login_sessions_family_version" AFTER UPDATE OR DELETE OR TRUNCATE ON "login_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "family_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "profile_shares_family_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profile_shares"
  FOR EACH STATEMENT EXECUTE FUNCTION "family_versions_bump"();
--> statement-breakpoint
INSERT INTO "family_versions" ("shard", "v") SELECT g, 0 FROM generate_series(0, 15) g;
