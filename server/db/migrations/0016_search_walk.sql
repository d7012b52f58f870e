-- A search for a common word walks the newest offered items in order and matches their words
-- from this index alone (the words and every column a catalogue filter reads are carried) until
-- it has the newest matches it ranks; for a rare word the planner keeps the words' GIN index
-- (server/repositories/catalog.ts `search`).
CREATE INDEX "catalog_items_search_walk_idx" ON "catalog_items" USING btree ("created_at" DESC, "id") INCLUDE ("search", "resource_type", "featured", "audience_ids", "nasot_path_ids") WHERE "status" = 'PUBLISHED';
--> statement-breakpoint
-- The same expression as catalog_items_admin_updated_idx (migration 0009): one is enough.
DROP INDEX "catalog_items_admin_changed_idx";
