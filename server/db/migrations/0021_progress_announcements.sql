-- A learner's lists filtered by their own progress or bookmarks (in progress, not started,
-- completed, saved) are kept per learner by every server process (server/services/own-lists.ts).
-- Every change to what those lists depend on is announced as "progress:<user id>" when its
-- transaction commits: an item started or forgotten (a row inserted or deleted), completed or
-- un-completed (video progress crossing 90 %, VIDEO_COMPLETE_AT in server/services/progress.ts, or
-- a step done or undone), bookmarked or un-bookmarked. Most updates of learner_progress only move
-- the video position: those announce nothing.
CREATE FUNCTION "announce_own_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('elp_changes', 'progress:' || OLD."user_id");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."user_id" <> OLD."user_id") THEN
    PERFORM pg_notify('elp_changes', 'progress:' || NEW."user_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "learner_progress_own_rows" AFTER INSERT OR DELETE ON "learner_progress" FOR EACH ROW EXECUTE FUNCTION "announce_own_change"();
--> statement-breakpoint
CREATE TRIGGER "learner_progress_own_state" AFTER UPDATE ON "learner_progress" FOR EACH ROW
  WHEN ((OLD."video_progress" >= 90) IS DISTINCT FROM (NEW."video_progress" >= 90)
    OR OLD."are_reproducibles_downloaded" IS DISTINCT FROM NEW."are_reproducibles_downloaded"
    OR OLD."is_catalog_item_rated" IS DISTINCT FROM NEW."is_catalog_item_rated"
    OR OLD."is_rubric_score_saved" IS DISTINCT FROM NEW."is_rubric_score_saved"
    OR OLD."is_strategy_applied" IS DISTINCT FROM NEW."is_strategy_applied"
    OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
    OR OLD."catalog_item_id" IS DISTINCT FROM NEW."catalog_item_id")
  EXECUTE FUNCTION "announce_own_change"();
--> statement-breakpoint
CREATE TRIGGER "bookmarks_own_rows" AFTER INSERT OR UPDATE OR DELETE ON "bookmarks" FOR EACH ROW EXECUTE FUNCTION "announce_own_change"();
