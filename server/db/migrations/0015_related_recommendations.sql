-- The items tagged with given framework items, ranked by what the learner is offered: the link
-- index carries the item id, and learning objects on offer are found by id with the columns the
-- ranking reads (both read from the index alone, no table rows).
DROP INDEX "cini_nasot_idx";--> statement-breakpoint
CREATE INDEX "cini_nasot_idx" ON "catalog_item_nasot_items" USING btree ("nasot_item_id","catalog_item_id");
--> statement-breakpoint
CREATE INDEX "catalog_items_offered_lo_idx" ON "catalog_items" USING btree ("id") INCLUDE ("featured", "created_at", "nasot_path_ids", "audience_ids") WHERE "resource_type" = 'LEARNING_OBJECT' AND "status" = 'PUBLISHED';
