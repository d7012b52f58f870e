-- The usage roll-ups' counting functions (0024, 0026) in PL/pgSQL instead of SQL: PostgreSQL plans
-- a SQL function's statement again at every call, and a trigger calls one at every write of
-- learner_events and learner_progress, so planning was most of a learner-event batch's time
-- (about 1 ms of each of its statements). PL/pgSQL keeps the plan for the connection. A call with
-- nothing to count returns at once, and an update of learner_progress that changes no step (a new
-- position, watched time) does not call it at all. What is counted is unchanged.
CREATE OR REPLACE FUNCTION "usage_count_logins"("orgs" uuid[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "orgs" IS NULL THEN RETURN; END IF;
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
  "b" AS (SELECT "o", "day", "k", "n", (sum("n") OVER (PARTITION BY "o", "day" ORDER BY "k") - "n")::int AS "before" FROM "f"),
  "r" AS (SELECT "o", "day", sum("n")::int AS "logins", array_agg("before" ORDER BY "k") AS "before" FROM "b" GROUP BY "o", "day"),
  "organization_rows" AS (
    INSERT INTO "organization_usage_days" AS "u" ("organization_id", "day", "logins", "logins_before")
    SELECT "o", "day", "logins", "before" FROM "r" ORDER BY "o", "day"
    ON CONFLICT ("organization_id", "day") DO UPDATE SET
      "logins" = "u"."logins" + excluded."logins", "logins_before" = usage_add_arrays("u"."logins_before", excluded."logins_before")
  )
  -- Changes that cancel out within a district (a member moving between its schools) are not written.
  INSERT INTO "district_usage_days" AS "u" ("district_id", "day", "logins", "logins_before")
  SELECT coalesce("g"."parent_id", "r"."o"), "r"."day", sum("r"."logins")::int, usage_sum_arrays("r"."before")
  FROM "r" LEFT JOIN "organizations" "g" ON "g"."id" = "r"."o"
  GROUP BY 1, 2 HAVING sum("r"."logins") <> 0 OR usage_sum_arrays("r"."before") <> array_fill(0, array[96]) ORDER BY 1, 2
  ON CONFLICT ("district_id", "day") DO UPDATE SET
    "logins" = "u"."logins" + excluded."logins", "logins_before" = usage_add_arrays("u"."logins_before", excluded."logins_before");
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_count_steps"("orgs" uuid[], "steps" text[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "orgs" IS NULL THEN RETURN; END IF;
  WITH "c" AS (
    SELECT "o", ("ts" AT TIME ZONE 'UTC')::date AS "day", "step", sum("s")::int AS "n"
    FROM unnest("orgs", "steps", "times", "signs") AS "x"("o", "step", "ts", "s") WHERE "o" IS NOT NULL AND "ts" IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum("s") <> 0
  ),
  "r" AS (
    SELECT "o", "day", coalesce(sum("n") FILTER (WHERE "step" = 'watched'), 0)::int AS "watched", coalesce(sum("n") FILTER (WHERE "step" = 'rated'), 0)::int AS "rated",
      coalesce(sum("n") FILTER (WHERE "step" = 'applied'), 0)::int AS "applied", coalesce(sum("n") FILTER (WHERE "step" = 'rubricsScored'), 0)::int AS "rubrics_scored"
    FROM "c" GROUP BY "o", "day"
  ),
  "organization_rows" AS (
    INSERT INTO "organization_usage_days" AS "u" ("organization_id", "day", "watched", "rated", "applied", "rubrics_scored")
    SELECT "o", "day", "watched", "rated", "applied", "rubrics_scored" FROM "r" ORDER BY "o", "day"
    ON CONFLICT ("organization_id", "day") DO UPDATE SET
      "watched" = "u"."watched" + excluded."watched", "rated" = "u"."rated" + excluded."rated",
      "applied" = "u"."applied" + excluded."applied", "rubrics_scored" = "u"."rubrics_scored" + excluded."rubrics_scored"
  )
  INSERT INTO "district_usage_days" AS "u" ("district_id", "day", "watched", "rated", "applied", "rubrics_scored")
  SELECT coalesce("g"."parent_id", "r"."o"), "r"."day", sum("r"."watched")::int, sum("r"."rated")::int, sum("r"."applied")::int, sum("r"."rubrics_scored")::int
  FROM "r" LEFT JOIN "organizations" "g" ON "g"."id" = "r"."o"
  GROUP BY 1, 2 HAVING sum("r"."watched") <> 0 OR sum("r"."rated") <> 0 OR sum("r"."applied") <> 0 OR sum("r"."rubrics_scored") <> 0 ORDER BY 1, 2
  ON CONFLICT ("district_id", "day") DO UPDATE SET
    "watched" = "u"."watched" + excluded."watched", "rated" = "u"."rated" + excluded."rated",
    "applied" = "u"."applied" + excluded."applied", "rubrics_scored" = "u"."rubrics_scored" + excluded."rubrics_scored";
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "learner_events_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM usage_count_logins(array_agg("organization_id"), array_agg("occurred_at"), array_agg(1))
    FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM usage_count_logins(array_agg("organization_id"), array_agg("occurred_at"), array_agg(-1))
    FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL;
  ELSIF EXISTS (
    SELECT "organization_id", "occurred_at" FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN'
    EXCEPT ALL SELECT "organization_id", "occurred_at" FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN'
  ) OR EXISTS (
    SELECT "organization_id", "occurred_at" FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN'
    EXCEPT ALL SELECT "organization_id", "occurred_at" FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN'
  ) THEN
    PERFORM usage_count_logins(array_agg("o"), array_agg("ts"), array_agg("s")) FROM (
      SELECT "organization_id" AS "o", "occurred_at" AS "ts", 1 AS "s" FROM "new_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL
      UNION ALL
      SELECT "organization_id", "occurred_at", -1 FROM "old_rows" WHERE "type" = 'LEARNER_LOGIN' AND "organization_id" IS NOT NULL
    ) "d";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "learner_progress_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM usage_count_steps(array_agg("organization_id"), array_agg("x"."step"), array_agg("x"."ts"), array_agg(1))
    FROM "new_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
    WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM usage_count_steps(array_agg("organization_id"), array_agg("x"."step"), array_agg("x"."ts"), array_agg(-1))
    FROM "old_rows" CROSS JOIN LATERAL (VALUES ('watched', "watched_at"), ('rated', "rated_at"), ('applied', "applied_at"), ('rubricsScored', "rubric_scored_at")) "x"("step", "ts")
    WHERE "organization_id" IS NOT NULL AND "x"."ts" IS NOT NULL;
  -- An update changes a step only if the rows' steps before and after differ (as many rows either
  -- way, so one difference is enough to look for). Most updates (a new last interaction, a
  -- position, watched time) change none.
  ELSIF EXISTS (
    SELECT "organization_id", "watched_at", "rated_at", "applied_at", "rubric_scored_at" FROM "new_rows"
    EXCEPT ALL SELECT "organization_id", "watched_at", "rated_at", "applied_at", "rubric_scored_at" FROM "old_rows"
  ) THEN
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
END $$;
--> statement-breakpoint
-- The member's organization stamped on each new event and progress row (0004), read by PL/pgSQL
-- itself so its plan is kept too (through member_organization, a SQL function, it was planned
-- for every row).
CREATE OR REPLACE FUNCTION "stamp_member_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN "role" IN ('USER', 'SCHOOL_ADMIN', 'DISTRICT_ADMIN') THEN "organization_id" END INTO NEW."organization_id"
  FROM "users" WHERE "id" = NEW."user_id";
  RETURN NEW;
END $$;
