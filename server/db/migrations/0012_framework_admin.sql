-- The framework's titles and the audiences' names are shown beside every catalogue list and filter,
-- so a write to either gives the catalogue a new token in the writer's transaction, as a write to
-- the items does (migration 0006): nothing kept under the old token is served after the commit, and
-- every process hears of it (migration 0007 announces the token's change).
CREATE TRIGGER "nasot_items_version" AFTER INSERT OR UPDATE OR DELETE ON "nasot_items" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "nasot_items_version_truncated" AFTER TRUNCATE ON "nasot_items" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "audiences_version" AFTER INSERT OR UPDATE OR DELETE ON "audiences" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "audiences_version_truncated" AFTER TRUNCATE ON "audiences" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
