-- A visit alone is not progress (server/services/progress.ts, the started rule): the rows that
-- visits, videos asked for but not played, and bookmarks left behind go.
DELETE FROM "learner_progress" AS "p"
WHERE "p"."video_progress" <= 0
  AND NOT "p"."are_reproducibles_downloaded"
  AND NOT "p"."is_catalog_item_rated"
  AND NOT "p"."is_rubric_score_saved"
  AND NOT "p"."is_strategy_applied";
