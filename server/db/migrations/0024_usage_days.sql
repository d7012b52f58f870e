CREATE TABLE "organization_usage_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"logins_before" integer[] DEFAULT array_fill(0, array[96]) NOT NULL,
	"watched" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"rubrics_scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_usage_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE INDEX "users_active_members_idx" ON "users" USING btree ("organization_id","created_at") WHERE "users"."completed_onboarding" and "users"."role" in ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN');--> statement-breakpoint
-- The usage report's daily roll-up (organization_usage_days), kept in the transaction of every
-- write by statement triggers on learner_events (sign-ins) and learner_progress (the steps' first
-- times), so it holds whatever those tables hold: stamped organizations, a member who moves or
-- stops being a member (migration 0004's triggers rewrite their rows), deleted users, undone steps.
CREATE FUNCTION "usage_add_arrays"("a" integer[], "b" integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(x + y ORDER BY i) FROM unnest("a", "b") WITH ORDINALITY AS t(x, y, i)
$$;--> statement-breakpoint
-- Sign-ins added (sign 1) or taken away (-1): per organization and day (UTC), the count and the
-- counts before each of the day's 96 quarter hours. Days whose changes cancel out are not written.
CREATE FUNCTION "usage_count_logins"("orgs" uuid[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
  WITH "t" AS (
    SELECT "o", ("ts" AT TIME ZONE 'UTC')::date AS "day", floor(extract(epoch FROM "ts" - date_trunc('day', "ts", 'UTC')) / 900)::int AS "q", "s"
    FROM unnest("orgs", "times", "signs") AS "x"("o", "ts", "s") WHERE "o" IS NOT NULL
  ),
  "c" AS (SELECT "o", "day", "q", sum("s")::int AS "n" FROM "t" GROUP BY 1, 2, 3),
  "d" AS (SELECT "o", "day" FROM "c" GROUP BY 1, 2 HAVING bool_or("n" <> 0)),
  "f" AS (
    SELECT "d"."o", "d"."day", "k", coalesce("c"."n", 0) AS "n"
    FROM "d" CROSS JOIN generate_series(0, 95) "k" LEFT JOIN "c" ON "c"."o" = "d"."o" AND "c"."day" = "d"."day" AND "c"."q" = "k"
  ),
  "b" AS (SELECT "o", "day", "k", "n", (sum("n") OVER (PARTITION BY "o", "day" ORDER BY "k") - "n")::int AS "before" FROM "f")
  INSERT INTO "organization_usage_days" AS "u" ("organization_id", "day", "logins", "logins_before")
  SELECT "o", "day", sum("n")::int, array_agg("before" ORDER BY "k") FROM "b" GROUP BY "o", "day" ORDER BY "o", "day"
  ON CONFLICT ("organization_id", "day") DO UPDATE SET
    "logins" = "u"."logins" + excluded."logins", "logins_before" = usage_add_arrays("u"."logins_before", excluded."logins_before")
$$;--> statement-breakpoint
-- Steps first done added (1) or taken away (-1), per organization and day (UTC).
CREATE FUNCTION "usage_count_steps"("orgs" uuid[], "steps" text[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
  WITH "c" AS (
    SELECT "o", ("ts" AT TIME ZONE 'UTC')::date AS "day", "step", sum("s")::int AS "n"
    FROM unnest("orgs", "steps", "times", "signs") AS "x"("o", "step", "ts", "s") WHERE "o" IS NOT NULL AND "ts" IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum("s") <> 0
  )
  INSERT INTO "organization_usage_days" AS "u" ("organization_id", "day", "watched", "rated", "applied", "rubrics_scored")
  SELECT "o", "day", coalesce(sum("n") FILTER (WHERE "step" = 'watched'), 0), coalesce(sum("n") FILTER (WHERE "step" = 'rated'), 0),
    coalesce(sum("n") FILTER (WHERE "step" = 'applied'), 0), coalesce(sum("n") FILTER (WHERE "step" = 'rubricsScored'), 0)
  FROM "c" GROUP BY "o", "day" ORDER BY "o", "day"
  ON CONFLICT ("organization_id", "day") DO UPDATE SET
    "watched" = "u"."watched" + excluded."watched", "rated" = "u"."rated" + excluded."rated",
    "applied" = "u"."applied" + excluded."applied", "rubrics_scored" = "u"."rubrics_scored" + excluded."rubrics_scored"
$$;--> statement-breakpoint
CREATE FUNCTION "learner_events_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM usage_count_logins(array_agg("organization_id"), array_agg("occurred_at"), array_agg(1))
    FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM usage_count_logins(array_agg("organization_id"), array_agg("occurred_at"), array_agg(-1))
    FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL;
  ELSE
    PERFORM usage_count_logins(array_agg("o"), array_agg("ts"), array_agg("s")) FROM (
      SELECT "organization_id" AS "o", "occurred_at" AS "ts", 1 AS "s" FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL
      UNION ALL
      SELECT "organization_id", "occurred_at", -1 FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL
    ) "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "learner_progress_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM usage_count_steps(array_agg("organization_id"), array_agg("x"."step"), array_agg("x"."ts"), array_agg(1))
    FROM "new_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
    WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM usage_count_steps(array_agg("organization_id"), array_agg("x"."step"), array_agg("x"."ts"), array_agg(-1))
    FROM "old_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
    WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL;
  ELSE
    -- Most updates (a new last interaction, a position) change no step: their changes cancel out.
    PERFORM usage_count_steps(array_agg("o"), array_agg("step"), array_agg("ts"), array_agg("s")) FROM (
      SELECT "organization_id" AS "o", "x"."step", "x"."ts", 1 AS "s"
      FROM "new_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
      WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL
      UNION ALL
      SELECT "organization_id", "x"."step", "x"."ts", -1
      FROM "old_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
      WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL
    ) "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
SELECT usage_count_logins(array_agg("organization_id"), array_agg("occurred_at"), array_agg(1))
FROM "learner_events" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL;--> statement-breakpoint
SELECT usage_count_steps(array_agg("organization_id"), array_agg("x"."step"), array_agg("x"."ts"), array_agg(1))
FROM "learner_progress" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER "learner_events_usage_inserted" AFTER INSERT ON "learner_events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_events_usage"();--> statement-breakpoint
CREATE TRIGGER "learner_events_usage_deleted" AFTER DELETE ON "learner_events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_events_usage"();--> statement-breakpoint
CREATE TRIGGER "learner_events_usage_updated" AFTER UPDATE ON "learner_events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_events_usage"();--> statement-breakpoint
CREATE TRIGGER "learner_progress_usage_inserted" AFTER INSERT ON "learner_progress" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_progress_usage"();--> statement-breakpoint
CREATE TRIGGER "learner_progress_usage_deleted" AFTER DELETE ON "learner_progress" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_progress_usage"();--> statement-breakpoint
CREATE TRIGGER "learner_progress_usage_updated" AFTER UPDATE ON "learner_progress" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "learner_progress_usage"();
