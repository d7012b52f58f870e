-- The app's clock (server/clock.ts): now() moved by the NOW setting's offset, which each
-- connection carries in app.clock_offset_ms (server/db/client.ts); 0 when it is unset or empty.
-- STABLE and PARALLEL SAFE like now(), so a query that reads it is planned as one that reads now().
CREATE OR REPLACE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT now() + coalesce(nullif(current_setting('app.clock_offset_ms', true), '')::bigint, 0) * interval '1 millisecond' $$;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "bookmarks" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "catalog_items" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "issued_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "idempotency_records" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "learner_events" ALTER COLUMN "received_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "learner_progress" ALTER COLUMN "last_interaction_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "media_uploads" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "page_views" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "updated_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "ratings" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "rubric_scores" ALTER COLUMN "updated_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "strategy_applications" ALTER COLUMN "applied_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "created_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT app_now();