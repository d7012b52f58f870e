-- The spoken words of items' videos, searchable: one row per caption cue, matched by the catalogue
-- search through its GIN index, and the cues of uploaded captions files as read at upload. The
-- cues of items that exist are written at start-up by the server (server/repositories/transcripts.ts,
-- for every item with a video and no cues yet, after reading the captions files uploaded before):
-- generated captions are drawn from the item in code.
CREATE TABLE "catalog_item_cues" (
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', text)) STORED NOT NULL,
	CONSTRAINT "catalog_item_cues_item_id_position_pk" PRIMARY KEY("item_id","position")
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD COLUMN "cues" jsonb;--> statement-breakpoint
ALTER TABLE "catalog_item_cues" ADD CONSTRAINT "catalog_item_cues_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_item_cues_search_idx" ON "catalog_item_cues" USING gin ("search");