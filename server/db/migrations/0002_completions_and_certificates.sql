CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"educator_name" text NOT NULL,
	"organization_name" text,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"total_seconds" double precision NOT NULL,
	"strategies" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_idx" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","issued_at");--> statement-breakpoint
-- Backfill: items completed before completion times were kept count as completed at their last
-- interaction (the completion rule of server/services/progress.ts, video complete at 90 %).
UPDATE "learner_progress" p SET "completed_at" = p."last_interaction_at"
FROM "catalog_items" ci
WHERE ci."id" = p."catalog_item_id" AND p."completed_at" IS NULL
  AND p."video_progress" >= 90
  AND (ci."resource_type" <> 'LEARNING_OBJECT' OR (p."are_reproducibles_downloaded" AND p."is_catalog_item_rated" AND p."is_rubric_score_saved" AND p."is_strategy_applied"));
