-- A search with a catalogue filter, or a list with a framework item and an audience, combined a
-- rare condition's GIN bitmap with a broad one's: building an audience's bitmap (17,000 items at
-- the large seed) or a category's (40,000) took 3-5 ms of a 5-7 ms search. In one GIN index over
-- the words and both id arrays, the conditions are keys of one index scan, and GIN's fast scan
-- skips through the broad key's posting list to the rare key's items: the bitmap of "feedback"
-- with an audience 5.2 -> 0.55 ms; a strategy with an audience (a list's count) 2.9 -> 0.6 ms.
-- The single-column GIN indexes stay for the statements that are not limited to offered items.
CREATE INDEX "catalog_items_offered_match_idx" ON "catalog_items" USING gin ("search", "audience_ids", "nasot_path_ids") WHERE "status" = 'PUBLISHED';
