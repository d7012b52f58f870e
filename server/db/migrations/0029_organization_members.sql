CREATE TABLE "organization_members" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"onboarded" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each organization's onboarded members, changed by the difference every write to users makes
-- (added, deleted, moved, a role or onboarding changed; an organization deleted sets its members'
-- organization to null, an update too), in the writer's transaction.
CREATE FUNCTION "organization_members_count"("orgs" uuid[], "signs" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "orgs" IS NULL THEN RETURN; END IF;
  INSERT INTO "organization_members" AS "m" ("organization_id", "onboarded")
  SELECT "o", sum("s")::int FROM unnest("orgs", "signs") AS "x"("o", "s") WHERE "o" IS NOT NULL
  GROUP BY "o" HAVING sum("s") <> 0 ORDER BY "o"
  ON CONFLICT ("organization_id") DO UPDATE SET "onboarded" = "m"."onboarded" + excluded."onboarded";
END $$;--> statement-breakpoint
CREATE FUNCTION "users_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "organization_members";
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM organization_members_count(array_agg("organization_id"), array_agg(1)) FROM "new_rows"
    WHERE "completed_onboarding" AND "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND "organization_id" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM organization_members_count(array_agg("organization_id"), array_agg(-1)) FROM "old_rows"
    WHERE "completed_onboarding" AND "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND "organization_id" IS NOT NULL;
  ELSE
    PERFORM organization_members_count(array_agg("o"), array_agg("s")) FROM (
      SELECT "organization_id" AS "o", 1 AS "s" FROM "new_rows"
      WHERE "completed_onboarding" AND "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND "organization_id" IS NOT NULL
      UNION ALL
      SELECT "organization_id", -1 FROM "old_rows"
      WHERE "completed_onboarding" AND "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND "organization_id" IS NOT NULL
    ) "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "onboarded")
SELECT "organization_id", count(*)::int FROM "users"
WHERE "completed_onboarding" AND "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') AND "organization_id" IS NOT NULL
GROUP BY "organization_id";--> statement-breakpoint
CREATE TRIGGER "users_members_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_members_changed"();--> statement-breakpoint
CREATE TRIGGER "users_members_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_members_changed"();--> statement-breakpoint
CREATE TRIGGER "users_members_updated" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "users_members_changed"();--> statement-breakpoint
CREATE TRIGGER "users_members_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_members_changed"();
