CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "nasot_item_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "nasot_path_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "audience_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
INSERT INTO "catalog_version" ("id") VALUES (1);
--> statement-breakpoint
-- An item's framework items and audiences as sorted arrays, and its framework items with all their
-- ancestors (`nasot_path_ids`): "under framework item X" is `nasot_path_ids && {X}`.
CREATE FUNCTION "refresh_catalog_item_listing"("items" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE "up" AS (
    SELECT "id", "id" AS "ancestor" FROM "nasot_items"
    UNION SELECT "up"."id", n."parent_id" FROM "up" JOIN "nasot_items" n ON n."id" = "up"."ancestor" WHERE n."parent_id" IS NOT NULL
  ), "listing" AS (
    SELECT i."id", coalesce(tags."ids", '{}') AS "nasot_item_ids", coalesce(paths."ids", '{}') AS "nasot_path_ids", coalesce(aud."ids", '{}') AS "audience_ids"
    FROM unnest("items") AS i("id")
    LEFT JOIN LATERAL (SELECT array_agg(x."nasot_item_id" ORDER BY x."nasot_item_id") AS "ids" FROM "catalog_item_nasot_items" x WHERE x."catalog_item_id" = i."id") tags ON true
    LEFT JOIN LATERAL (SELECT array_agg(DISTINCT "up"."ancestor" ORDER BY "up"."ancestor") AS "ids" FROM "catalog_item_nasot_items" x JOIN "up" ON "up"."id" = x."nasot_item_id" WHERE x."catalog_item_id" = i."id") paths ON true
    LEFT JOIN LATERAL (SELECT array_agg(a."audience_id" ORDER BY a."audience_id") AS "ids" FROM "catalog_item_audiences" a WHERE a."catalog_item_id" = i."id") aud ON true
  )
  UPDATE "catalog_items" ci SET "nasot_item_ids" = l."nasot_item_ids", "nasot_path_ids" = l."nasot_path_ids", "audience_ids" = l."audience_ids"
  FROM "listing" l
  WHERE ci."id" = l."id"
    AND (ci."nasot_item_ids", ci."nasot_path_ids", ci."audience_ids") IS DISTINCT FROM (l."nasot_item_ids", l."nasot_path_ids", l."audience_ids");
END $$;
--> statement-breakpoint
SELECT "refresh_catalog_item_listing"(ARRAY(SELECT "id" FROM "catalog_items"));
--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_created_asc_idx" ON "catalog_items" USING btree ("start_date","created_at","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_created_desc_idx" ON "catalog_items" USING btree ("start_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_title_asc_idx" ON "catalog_items" USING btree ("start_date",lower("title") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_title_desc_idx" ON "catalog_items" USING btree ("start_date" DESC NULLS LAST,lower("title") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_rating_asc_idx" ON "catalog_items" USING btree ("start_date","rating_average","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_rating_desc_idx" ON "catalog_items" USING btree ("start_date" DESC NULLS LAST,"rating_average" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_created_asc_idx" ON "catalog_items" USING btree ("rating_average","created_at","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_created_desc_idx" ON "catalog_items" USING btree ("rating_average" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_title_asc_idx" ON "catalog_items" USING btree ("rating_average",lower("title") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_title_desc_idx" ON "catalog_items" USING btree ("rating_average" DESC NULLS LAST,lower("title") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_start_asc_idx" ON "catalog_items" USING btree ("rating_average","start_date","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_start_desc_idx" ON "catalog_items" USING btree ("rating_average" DESC NULLS LAST,"start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_nasot_path_idx" ON "catalog_items" USING gin ("nasot_path_ids");--> statement-breakpoint
CREATE INDEX "catalog_items_audiences_idx" ON "catalog_items" USING gin ("audience_ids");--> statement-breakpoint
CREATE FUNCTION "catalog_item_links_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_catalog_item_listing"(ARRAY(SELECT DISTINCT "catalog_item_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_catalog_item_listing"(ARRAY(SELECT DISTINCT "catalog_item_id" FROM "old_rows"));
  ELSE
    PERFORM "refresh_catalog_item_listing"(ARRAY(SELECT "catalog_item_id" FROM "old_rows" UNION SELECT "catalog_item_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "catalog_item_nasot_listing_inserted" AFTER INSERT ON "catalog_item_nasot_items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
CREATE TRIGGER "catalog_item_nasot_listing_deleted" AFTER DELETE ON "catalog_item_nasot_items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
CREATE TRIGGER "catalog_item_nasot_listing_updated" AFTER UPDATE ON "catalog_item_nasot_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
CREATE TRIGGER "catalog_item_audiences_listing_inserted" AFTER INSERT ON "catalog_item_audiences" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
CREATE TRIGGER "catalog_item_audiences_listing_deleted" AFTER DELETE ON "catalog_item_audiences" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
CREATE TRIGGER "catalog_item_audiences_listing_updated" AFTER UPDATE ON "catalog_item_audiences" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_links_changed"();
--> statement-breakpoint
-- A framework item moved to another parent changes the paths of every item tagged under it.
CREATE FUNCTION "framework_paths_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_catalog_item_listing"(ARRAY(
    WITH RECURSIVE "moved" AS (
      SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."parent_id" IS DISTINCT FROM o."parent_id"
      UNION SELECT c."id" FROM "nasot_items" c JOIN "moved" ON c."parent_id" = "moved"."id")
    SELECT DISTINCT x."catalog_item_id" FROM "catalog_item_nasot_items" x JOIN "moved" ON "moved"."id" = x."nasot_item_id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "framework_paths_updated" AFTER UPDATE ON "nasot_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "framework_paths_changed"();
--> statement-breakpoint
-- Every statement that writes catalogue items (their ratings and links update them too) gives the
-- catalogue a new token, in the writer's transaction: a cached response keyed by the old token is
-- never served again once the write has committed.
CREATE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "token" = gen_random_uuid() WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "catalog_items_version" AFTER INSERT OR UPDATE OR DELETE ON "catalog_items" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "catalog_items_version_truncated" AFTER TRUNCATE ON "catalog_items" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
