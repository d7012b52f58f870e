ALTER TABLE "catalog_items" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
-- Null until the admin site first changes the item: no existing row is rewritten (a rewrite of
-- 100,000 items and their two dozen indexes held the table for 40 s); lists read
-- coalesce(updated_at, created_at).
ALTER TABLE "catalog_items" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "catalog_items_admin_updated_idx" ON "catalog_items" USING btree (coalesce("updated_at", "created_at") DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_admin_status_idx" ON "catalog_items" USING btree ("status",coalesce("updated_at", "created_at") DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_status_check" CHECK ("catalog_items"."status" in ('DRAFT', 'PUBLISHED', 'ARCHIVED'));--> statement-breakpoint
-- Educators are offered published items only: "Recommended for you" keeps reading one index
-- without table rows, now partial on published learning objects (the walk's predicate says both).
DROP INDEX "catalog_items_recommend_idx";--> statement-breakpoint
CREATE INDEX "catalog_items_recommend_idx" ON "catalog_items" USING btree ("featured" DESC, "created_at" DESC, "id") INCLUDE ("nasot_item_ids", "nasot_path_ids", "audience_ids") WHERE "resource_type" = 'LEARNING_OBJECT' AND "status" = 'PUBLISHED';
