DROP INDEX "catalog_items_created_idx";--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "rating_average" numeric GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum::numeric / rating_count end) STORED;--> statement-breakpoint
-- Rating totals per item, kept from here on by the statement triggers below.
UPDATE "catalog_items" ci SET "rating_count" = r.c, "rating_sum" = r.s
FROM (SELECT "catalog_item_id", count(*)::int AS c, sum("value")::int AS s FROM "ratings" GROUP BY "catalog_item_id") r
WHERE r."catalog_item_id" = ci."id";--> statement-breakpoint
CREATE INDEX "catalog_items_sort_created_asc_idx" ON "catalog_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_created_desc_idx" ON "catalog_items" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_title_asc_idx" ON "catalog_items" USING btree (lower("title") asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_title_desc_idx" ON "catalog_items" USING btree (lower("title") desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_asc_idx" ON "catalog_items" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_start_desc_idx" ON "catalog_items" USING btree ("start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_asc_idx" ON "catalog_items" USING btree ("rating_average","id");--> statement-breakpoint
CREATE INDEX "catalog_items_sort_rating_desc_idx" ON "catalog_items" USING btree ("rating_average" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "catalog_items_featured_idx" ON "catalog_items" USING btree ("created_at") WHERE featured;--> statement-breakpoint
-- Totals change by deltas (count + n, sum + s), never by re-counting: a re-count would read a
-- snapshot without a concurrent writer's rating and overwrite its update.
CREATE FUNCTION "catalog_items_rating_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE catalog_items ci SET rating_count = ci.rating_count + d.c, rating_sum = ci.rating_sum + d.s
    FROM (SELECT catalog_item_id, count(*)::int AS c, sum(value)::int AS s FROM new_ratings GROUP BY catalog_item_id) d
    WHERE ci.id = d.catalog_item_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalog_items ci SET rating_count = ci.rating_count - d.c, rating_sum = ci.rating_sum - d.s
    FROM (SELECT catalog_item_id, count(*)::int AS c, sum(value)::int AS s FROM old_ratings GROUP BY catalog_item_id) d
    WHERE ci.id = d.catalog_item_id;
  ELSE
    UPDATE catalog_items ci SET rating_count = ci.rating_count + d.c, rating_sum = ci.rating_sum + d.s
    FROM (
      SELECT catalog_item_id, sum(c)::int AS c, sum(s)::int AS s FROM (
        SELECT catalog_item_id, 1 AS c, value::int AS s FROM new_ratings
        UNION ALL SELECT catalog_item_id, -1, -value::int FROM old_ratings
      ) x GROUP BY catalog_item_id
    ) d
    WHERE ci.id = d.catalog_item_id AND (d.c <> 0 OR d.s <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ratings_totals_insert" AFTER INSERT ON "ratings" REFERENCING NEW TABLE AS new_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_items_rating_totals"();--> statement-breakpoint
CREATE TRIGGER "ratings_totals_update" AFTER UPDATE ON "ratings" REFERENCING OLD TABLE AS old_ratings NEW TABLE AS new_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_items_rating_totals"();--> statement-breakpoint
CREATE TRIGGER "ratings_totals_delete" AFTER DELETE ON "ratings" REFERENCING OLD TABLE AS old_ratings
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_items_rating_totals"();
