-- A search's candidates are the newest offered items whose words match it. Finding them by
-- testing each item's document, newest first (catalog_items_search_walk_idx), costs 12-19 ms for
-- a common word at the large seed: 25,000 documents tested for 1,001 matches. Here every offered
-- item's words, one row per word and item, in the items' order: the newest items having all of
-- a search's words are read in order from this index alone, and each row carries that word's
-- places in the document (a tsvector of one word), which is all ts_rank and a phrase's test read
-- (server/repositories/catalog.ts `search`; docs/decisions.md, "Search reads its words' rows").
CREATE TABLE "catalog_search_terms" (
	"term" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"item_id" uuid NOT NULL,
	"fragment" "tsvector" NOT NULL
);
--> statement-breakpoint
-- One word of a document as a tsvector of its own: the word and its places, with their weights.
CREATE FUNCTION "catalog_search_fragment"("word" text, "places" smallint[], "weights" text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT AS $$
  select ('''' || replace(replace(word, '\', '\\'), '''', '''''') || ''''
    || coalesce(':' || (select string_agg(p::text || w, ',' order by p) from unnest(places, weights) u(p, w)), ''))::tsvector
$$;
--> statement-breakpoint
CREATE FUNCTION "catalog_search_terms_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_search_terms (term, created_at, item_id, fragment)
    SELECT w.lexeme, n.created_at, n.id, catalog_search_fragment(w.lexeme, w.positions, w.weights)
    FROM new_rows n, unnest(n.search) w WHERE n.status = 'PUBLISHED';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_search_terms_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_search_terms t USING old_rows o, unnest(tsvector_to_array(o.search)) w(term)
    WHERE o.status = 'PUBLISHED' AND t.term = w.term AND t.created_at = o.created_at AND t.item_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the items whose words, creation time or status changed (most updates of an item are its
-- tags, audiences or rating totals, written by other triggers).
CREATE FUNCTION "catalog_search_terms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.id, o.search AS old_search, o.created_at AS old_created_at, o.status AS old_status,
      n.search AS new_search, n.created_at AS new_created_at, n.status AS new_status
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.search IS DISTINCT FROM n.search OR o.created_at IS DISTINCT FROM n.created_at OR o.status IS DISTINCT FROM n.status),
  removed AS (
    DELETE FROM catalog_search_terms t USING changed c, unnest(tsvector_to_array(c.old_search)) w(term)
    WHERE c.old_status = 'PUBLISHED' AND t.term = w.term AND t.created_at = c.old_created_at AND t.item_id = c.id)
  INSERT INTO catalog_search_terms (term, created_at, item_id, fragment)
    SELECT w.lexeme, c.new_created_at, c.id, catalog_search_fragment(w.lexeme, w.positions, w.weights)
    FROM changed c, unnest(c.new_search) w WHERE c.new_status = 'PUBLISHED';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "catalog_search_terms_insert" AFTER INSERT ON "catalog_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_terms_added"();
--> statement-breakpoint
CREATE TRIGGER "catalog_search_terms_update" AFTER UPDATE ON "catalog_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_terms_updated"();
--> statement-breakpoint
CREATE TRIGGER "catalog_search_terms_delete" AFTER DELETE ON "catalog_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_search_terms_removed"();
--> statement-breakpoint
INSERT INTO catalog_search_terms (term, created_at, item_id, fragment)
  SELECT w.lexeme, ci.created_at, ci.id, catalog_search_fragment(w.lexeme, w.positions, w.weights)
  FROM catalog_items ci, unnest(ci.search) w WHERE ci.status = 'PUBLISHED';
--> statement-breakpoint
CREATE INDEX "catalog_search_terms_idx" ON "catalog_search_terms" USING btree ("term", "created_at" DESC, "item_id") INCLUDE ("fragment");
--> statement-breakpoint
ANALYZE "catalog_search_terms";
