-- Issue 28, item 5: usernames are unique in a family case-insensitively. Names that only differed in case before
-- (the old rule allowed ASCII only, so lower() folds them all) keep the oldest as it is; the others get "-<id>".
UPDATE "profiles" AS p SET "username" = left(p."username", 29 - length(p."id"::text)) || '-' || p."id"
WHERE EXISTS (SELECT 1 FROM "profiles" AS q WHERE q."user_id" = p."user_id" AND lower(q."username") = lower(p."username") AND q."id" < p."id");--> statement-breakpoint
DROP INDEX "profiles_user_username_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_username_lower_uq" ON "profiles" USING btree ("user_id",lower("username"));
