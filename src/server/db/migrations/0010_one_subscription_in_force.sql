-- Issue 27: at most one paid subscription in force per account. An account that already holds more than one (the
-- attack this closes) keeps the one paid furthest ahead; each other one is marked cancelled here, with a ledger row
-- for support, who refund it and cancel it at the provider (a migration cannot reach the provider). Should the
-- provider renew it meanwhile, that renewal is refunded and the subscription cancelled when its event arrives.
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "current_period_end" DESC NULLS LAST, "id" DESC) AS "rank"
  FROM "subscriptions"
  WHERE "status" in ('active', 'past_due') and "amount" > 0
), closed AS (
  UPDATE "subscriptions" SET "status" = 'canceled', "updated_at" = now()
  WHERE "id" IN (SELECT "id" FROM ranked WHERE "rank" > 1)
  RETURNING "user_id", "provider", "provider_subscription_id", "amount", "currency", "current_period_end"
)
INSERT INTO "billing_events" ("user_id", "kind", "actor", "provider", "provider_id", "amount", "currency", "detail")
SELECT "user_id", 'subscription.duplicate_closed', 'system', "provider", "provider_subscription_id", "amount", "currency",
  jsonb_build_object('reason', 'another subscription of this account is kept', 'action', 'check at the provider: cancel, and refund if paid', 'period_end', "current_period_end")
FROM closed;
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_in_force_uq" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'past_due') and "subscriptions"."amount" > 0;
