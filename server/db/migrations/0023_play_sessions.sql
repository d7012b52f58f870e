CREATE TABLE "play_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"catalog_item_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT app_now() NOT NULL,
	"watched" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
-- Events stored before play sessions keep counting for the day they were stamped with, as they did.
ALTER TABLE "learner_events" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
UPDATE "learner_events" SET "credited_at" = "occurred_at";--> statement-breakpoint
ALTER TABLE "learner_events" ALTER COLUMN "credited_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "learner_events" ALTER COLUMN "credited_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "watched_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_catalog_item_id_catalog_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_sessions_user_started_idx" ON "play_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
ALTER TABLE "learner_progress" DROP COLUMN "video_opened_at";