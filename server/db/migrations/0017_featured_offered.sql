-- The featured filter's capped count read every featured item's row (about 1,000 heap pages at
-- the large seed, 4-5 ms) and its first page walked the newest items of all, skipping the others.
-- Featured items offered, newest first, with their ids: both, and the featured shelf, from this
-- small index alone (server/repositories/catalog.ts).
DROP INDEX "catalog_items_featured_idx";--> statement-breakpoint
CREATE INDEX "catalog_items_featured_idx" ON "catalog_items" USING btree ("created_at" DESC NULLS LAST,"id") WHERE featured and status = 'PUBLISHED';