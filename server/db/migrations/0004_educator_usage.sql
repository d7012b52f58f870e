CREATE TABLE "catalog_item_elements" (
	"catalog_item_id" uuid NOT NULL,
	"element_id" uuid NOT NULL,
	CONSTRAINT "catalog_item_elements_catalog_item_id_element_id_pk" PRIMARY KEY("catalog_item_id","element_id")
);
--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "watched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "rubric_scored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "learner_events" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_accepted_at" timestamp with time zone;--> statement-breakpoint
-- Backfill of the first-done times (the same rule as stampBulkFirstDone in
-- server/repositories/progress.ts, which the seeds use): the earliest event that shows the step,
-- or the row of the step's own table, else the row's last interaction.
WITH "ev" AS (
  SELECT "user_id", "catalog_item_id",
    min("occurred_at") FILTER (WHERE "type" IN ('VIDEO_TIMEUPDATED', 'VIDEO_PAUSED') AND jsonb_typeof("data"->'progress') = 'number' AND ("data"->>'progress')::real >= 90) AS "watched",
    min("occurred_at") FILTER (WHERE "type" = 'CATALOG_ITEM_RATED') AS "rated",
    min("occurred_at") FILTER (WHERE "type" = 'STRATEGY_APPLICATION_UPDATED') AS "applied",
    min("occurred_at") FILTER (WHERE "type" = 'RUBRIC_SCORE_SAVED') AS "scored"
  FROM "learner_events"
  WHERE "catalog_item_id" IS NOT NULL AND "type" IN ('VIDEO_TIMEUPDATED', 'VIDEO_PAUSED', 'CATALOG_ITEM_RATED', 'STRATEGY_APPLICATION_UPDATED', 'RUBRIC_SCORE_SAVED')
  GROUP BY "user_id", "catalog_item_id"
)
UPDATE "learner_progress" p SET
  "watched_at" = CASE WHEN p."video_progress" >= 90 THEN coalesce(ev."watched", p."last_interaction_at") END,
  "rated_at" = CASE WHEN p."is_catalog_item_rated" THEN coalesce(least(ev."rated", r."created_at"), p."last_interaction_at") END,
  "applied_at" = CASE WHEN p."is_strategy_applied" THEN coalesce(sa."applied_at", ev."applied", p."last_interaction_at") END,
  "rubric_scored_at" = CASE WHEN p."is_rubric_score_saved" THEN coalesce(least(ev."scored", rs."updated_at"), p."last_interaction_at") END
FROM "learner_progress" p0
LEFT JOIN "ev" ON ev."user_id" = p0."user_id" AND ev."catalog_item_id" = p0."catalog_item_id"
LEFT JOIN "ratings" r ON r."user_id" = p0."user_id" AND r."catalog_item_id" = p0."catalog_item_id"
LEFT JOIN "strategy_applications" sa ON sa."user_id" = p0."user_id" AND sa."catalog_item_id" = p0."catalog_item_id"
LEFT JOIN "rubric_scores" rs ON rs."user_id" = p0."user_id" AND rs."catalog_item_id" = p0."catalog_item_id"
WHERE p0."user_id" = p."user_id" AND p0."catalog_item_id" = p."catalog_item_id"
  AND (p."video_progress" >= 90 OR p."is_catalog_item_rated" OR p."is_strategy_applied" OR p."is_rubric_score_saved");--> statement-breakpoint
-- Invitations sent before invitations were recorded: an account an admin created (a member
-- without a password or sign-in provider) counts as invited when it was created, with the
-- 14-day link of that day. Accounts completed since cannot be told apart and keep none.
UPDATE "users" SET "invited_at" = "created_at", "invitation_sent_at" = "created_at", "invitation_expires_at" = "created_at" + interval '14 days'
WHERE "role" = 'USER' AND "organization_id" IS NOT NULL AND "password_hash" IS NULL AND "sso_id" IS NULL;--> statement-breakpoint
-- The elements of each catalogue item: the parents of the strategies it is tagged with. Kept by
-- the statement triggers below whenever tags or the framework's tree change.
CREATE FUNCTION "refresh_catalog_item_elements"("items" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "catalog_item_elements" WHERE "catalog_item_id" = ANY("items");
  INSERT INTO "catalog_item_elements" ("catalog_item_id", "element_id")
  SELECT DISTINCT cin."catalog_item_id", s."parent_id"
  FROM "catalog_item_nasot_items" cin JOIN "nasot_items" s ON s."id" = cin."nasot_item_id"
  WHERE cin."catalog_item_id" = ANY("items") AND s."type" = 'STRATEGY' AND s."parent_id" IS NOT NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "catalog_item_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "refresh_catalog_item_elements"(ARRAY(SELECT DISTINCT "catalog_item_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "refresh_catalog_item_elements"(ARRAY(SELECT DISTINCT "catalog_item_id" FROM "old_rows"));
  ELSE
    PERFORM "refresh_catalog_item_elements"(ARRAY(SELECT "catalog_item_id" FROM "old_rows" UNION SELECT "catalog_item_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "framework_tree_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_catalog_item_elements"(ARRAY(
    SELECT DISTINCT cin."catalog_item_id" FROM "catalog_item_nasot_items" cin
    JOIN "new_rows" n ON n."id" = cin."nasot_item_id" JOIN "old_rows" o ON o."id" = n."id"
    WHERE n."parent_id" IS DISTINCT FROM o."parent_id" OR n."type" IS DISTINCT FROM o."type"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "catalog_item_tags_inserted" AFTER INSERT ON "catalog_item_nasot_items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "catalog_item_tags_deleted" AFTER DELETE ON "catalog_item_nasot_items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "catalog_item_tags_updated" AFTER UPDATE ON "catalog_item_nasot_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_item_tags_changed"();--> statement-breakpoint
CREATE TRIGGER "framework_tree_updated" AFTER UPDATE ON "nasot_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "framework_tree_changed"();--> statement-breakpoint
INSERT INTO "catalog_item_elements" ("catalog_item_id", "element_id")
SELECT DISTINCT cin."catalog_item_id", s."parent_id"
FROM "catalog_item_nasot_items" cin JOIN "nasot_items" s ON s."id" = cin."nasot_item_id"
WHERE s."type" = 'STRATEGY' AND s."parent_id" IS NOT NULL;--> statement-breakpoint
-- Each learner's progress and events carry the organization they count for: the user's, while
-- the user is one of its members (the roles of MEMBER_ROLES in server/repositories/fragments.ts),
-- else none. The usage report then reads an organization's rows from its indexes without
-- looking each user up. Kept by the triggers below: stamped on insert, and rewritten when a
-- user's organization or role changes.
UPDATE "learner_progress" p SET "organization_id" = u."organization_id" FROM "users" u
WHERE u."id" = p."user_id" AND u."role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND u."organization_id" IS NOT NULL;--> statement-breakpoint
UPDATE "learner_events" e SET "organization_id" = u."organization_id" FROM "users" u
WHERE u."id" = e."user_id" AND u."role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND u."organization_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_item_elements" ADD CONSTRAINT "catalog_item_elements_catalog_item_id_catalog_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_elements" ADD CONSTRAINT "catalog_item_elements_element_id_nasot_items_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."nasot_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_events" ADD CONSTRAINT "learner_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD CONSTRAINT "learner_progress_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "member_organization"("member" uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') THEN "organization_id" END FROM "users" WHERE "id" = "member"
$$;--> statement-breakpoint
CREATE FUNCTION "stamp_member_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."organization_id" := "member_organization"(NEW."user_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_organization_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "org" uuid := CASE WHEN NEW."role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') THEN NEW."organization_id" END;
BEGIN
  UPDATE "learner_progress" SET "organization_id" = "org" WHERE "user_id" = NEW."id" AND "organization_id" IS DISTINCT FROM "org";
  UPDATE "learner_events" SET "organization_id" = "org" WHERE "user_id" = NEW."id" AND "organization_id" IS DISTINCT FROM "org";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "learner_progress_member_organization" BEFORE INSERT ON "learner_progress" FOR EACH ROW EXECUTE FUNCTION "stamp_member_organization"();--> statement-breakpoint
CREATE TRIGGER "learner_events_member_organization" BEFORE INSERT ON "learner_events" FOR EACH ROW EXECUTE FUNCTION "stamp_member_organization"();--> statement-breakpoint
CREATE TRIGGER "users_member_organization" AFTER UPDATE OF "organization_id", "role" ON "users" FOR EACH ROW
  WHEN (OLD."organization_id" IS DISTINCT FROM NEW."organization_id" OR OLD."role" IS DISTINCT FROM NEW."role")
  EXECUTE FUNCTION "member_organization_changed"();--> statement-breakpoint
-- Covering indexes (INCLUDE is written here by hand: drizzle cannot declare it): the report and
-- the heatmap read an organization's sign-ins and steps in a date range from the index alone.
CREATE INDEX "learner_events_logins_idx" ON "learner_events" USING btree ("organization_id","occurred_at") WHERE "learner_events"."type" = 'LEARNER_LOGIN' and "learner_events"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "learner_progress_watched_idx" ON "learner_progress" USING btree ("organization_id","watched_at") INCLUDE ("catalog_item_id") WHERE "learner_progress"."organization_id" is not null and "learner_progress"."watched_at" is not null;--> statement-breakpoint
CREATE INDEX "learner_progress_rated_idx" ON "learner_progress" USING btree ("organization_id","rated_at") INCLUDE ("catalog_item_id") WHERE "learner_progress"."organization_id" is not null and "learner_progress"."rated_at" is not null;--> statement-breakpoint
CREATE INDEX "learner_progress_applied_idx" ON "learner_progress" USING btree ("organization_id","applied_at") INCLUDE ("catalog_item_id") WHERE "learner_progress"."organization_id" is not null and "learner_progress"."applied_at" is not null;--> statement-breakpoint
CREATE INDEX "learner_progress_rubric_scored_idx" ON "learner_progress" USING btree ("organization_id","rubric_scored_at") INCLUDE ("catalog_item_id") WHERE "learner_progress"."organization_id" is not null and "learner_progress"."rubric_scored_at" is not null;
