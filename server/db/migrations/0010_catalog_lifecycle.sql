ALTER TABLE "catalog_items" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every existing item stays published; its last change so far is its creation.
UPDATE "catalog_items" SET "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "catalog_items_admin_updated_idx" ON "catalog_items" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_admin_status_idx" ON "catalog_items" USING btree ("status","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_status_check" CHECK ("catalog_items"."status" in ('DRAFT', 'PUBLISHED', 'ARCHIVED'));--> statement-breakpoint
-- Educators are offered published items only: "Recommended for you" keeps reading one index
-- without table rows, now partial on published learning objects (the walk's predicate says both).
DROP INDEX "catalog_items_recommend_idx";--> statement-breakpoint
CREATE INDEX "catalog_items_recommend_idx" ON "catalog_items" USING btree ("featured" DESC, "created_at" DESC, "id") INCLUDE ("nasot_item_ids", "nasot_path_ids", "audience_ids") WHERE "resource_type" = 'LEARNING_OBJECT' AND "status" = 'PUBLISHED';
