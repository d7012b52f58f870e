-- Nothing is kept between requests any more: catalogue lists and searches, a learner's own lists
-- and the session checks read the database on every request, through its indexes. What only fed
-- the kept copies goes: the change announcements (pg_notify on "elp_changes") of migrations 0007
-- and 0021, and the catalogue's token (migrations 0006 and 0012) that cached responses were keyed by.
-- A search finds its matches through the GIN indexes now (a catalogue has a few thousand items),
-- so the index it walked the newest items on (migration 0016) goes too.
DROP TRIGGER "users_change" ON "users";
--> statement-breakpoint
DROP TRIGGER "revoked_tokens_change" ON "revoked_tokens";
--> statement-breakpoint
DROP TRIGGER "subscriptions_change" ON "subscriptions";
--> statement-breakpoint
DROP TRIGGER "organizations_change" ON "organizations";
--> statement-breakpoint
DROP TRIGGER "catalog_version_change" ON "catalog_version";
--> statement-breakpoint
DROP FUNCTION "announce_change"();
--> statement-breakpoint
DROP TRIGGER "learner_progress_own_rows" ON "learner_progress";
--> statement-breakpoint
DROP TRIGGER "learner_progress_own_state" ON "learner_progress";
--> statement-breakpoint
DROP TRIGGER "bookmarks_own_rows" ON "bookmarks";
--> statement-breakpoint
DROP FUNCTION "announce_own_change"();
--> statement-breakpoint
DROP TRIGGER "catalog_items_version" ON "catalog_items";
--> statement-breakpoint
DROP TRIGGER "catalog_items_version_truncated" ON "catalog_items";
--> statement-breakpoint
DROP TRIGGER "nasot_items_version" ON "nasot_items";
--> statement-breakpoint
DROP TRIGGER "nasot_items_version_truncated" ON "nasot_items";
--> statement-breakpoint
DROP TRIGGER "audiences_version" ON "audiences";
--> statement-breakpoint
DROP TRIGGER "audiences_version_truncated" ON "audiences";
--> statement-breakpoint
DROP FUNCTION "catalog_version_bump"();
--> statement-breakpoint
DROP TABLE "catalog_version";
--> statement-breakpoint
DROP INDEX "catalog_items_search_walk_idx";
