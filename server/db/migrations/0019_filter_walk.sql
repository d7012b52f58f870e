-- A filtered list's capped total counts its first 1,001 matches newest first. It walked
-- catalog_items_search_walk_idx, whose rows carry each item's words (the tsvector): about ten rows
-- a page, so an audience's count read some 580 pages (at the large seed, 5 ms). The same walk
-- over this index, which carries only the columns a catalogue filter reads, reads about 160.
-- Searches that test documents keep walking catalog_items_search_walk_idx.
CREATE INDEX "catalog_items_filter_walk_idx" ON "catalog_items" USING btree ("created_at" DESC, "id") INCLUDE ("resource_type", "featured", "audience_ids", "nasot_path_ids") WHERE "status" = 'PUBLISHED';
