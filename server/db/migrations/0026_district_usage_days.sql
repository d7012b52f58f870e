CREATE TABLE "district_usage_days" (
	"district_id" uuid NOT NULL,
	"day" date NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"logins_before" integer[] DEFAULT array_fill(0, array[96]) NOT NULL,
	"watched" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"rubrics_scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "district_usage_days_district_id_day_pk" PRIMARY KEY("district_id","day")
);
--> statement-breakpoint
-- A district's own figures beside its schools' (organization_usage_days), so a report on a whole
-- district sums one row a day, not one per school. Each organization's changes are counted
-- under its parent, or under itself when it has none: the row of a district is the district and
-- the schools directly under it, the organizations a report on the district covers
-- (organizations.withSchools). The counting functions of migration 0024 write both tables in
-- one statement; moving a school to another district or deleting an organization recounts the
-- districts concerned from organization_usage_days.
ALTER FUNCTION "usage_add_arrays"(integer[], integer[]) STRICT;--> statement-breakpoint
CREATE AGGREGATE "usage_sum_arrays"(integer[]) (SFUNC = "usage_add_arrays", STYPE = integer[]);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_count_logins"("orgs" uuid[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
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
    "logins" = "u"."logins" + excluded."logins", "logins_before" = usage_add_arrays("u"."logins_before", excluded."logins_before")
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_count_steps"("orgs" uuid[], "steps" text[], "times" timestamptz[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
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
    "applied" = "u"."applied" + excluded."applied", "rubrics_scored" = "u"."rubrics_scored" + excluded."rubrics_scored"
$$;--> statement-breakpoint
-- The districts' rows counted again from their organizations' rows (rare admin writes).
CREATE FUNCTION "district_usage_recount"("districts" uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "district_usage_days" WHERE "district_id" = ANY("districts");
  INSERT INTO "district_usage_days" ("district_id", "day", "logins", "logins_before", "watched", "rated", "applied", "rubrics_scored")
  SELECT coalesce("g"."parent_id", "g"."id"), "u"."day", sum("u"."logins")::int, usage_sum_arrays("u"."logins_before"),
    sum("u"."watched")::int, sum("u"."rated")::int, sum("u"."applied")::int, sum("u"."rubrics_scored")::int
  FROM "organizations" "g" JOIN "organization_usage_days" "u" ON "u"."organization_id" = "g"."id"
  WHERE ("g"."id" = ANY("districts") OR "g"."parent_id" = ANY("districts")) AND coalesce("g"."parent_id", "g"."id") = ANY("districts")
  GROUP BY 1, 2 ORDER BY 1, 2;
$$;--> statement-breakpoint
-- A school moved to another district (or out of one, or into one), or organizations deleted (their
-- members' rows lost their organization before this runs): the districts before and after.
CREATE FUNCTION "organizations_district_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM district_usage_recount(array_agg("k")) FROM "old_rows" CROSS JOIN unnest(array["id", "parent_id"]) "k" WHERE "k" IS NOT NULL;
  ELSE
    PERFORM district_usage_recount(array_agg("k"))
    FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
    CROSS JOIN unnest(array[coalesce("o"."parent_id", "o"."id"), coalesce("n"."parent_id", "n"."id")]) "k"
    WHERE "o"."parent_id" IS DISTINCT FROM "n"."parent_id"
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
SELECT district_usage_recount(array_agg(DISTINCT coalesce("parent_id", "id"))) FROM "organizations";--> statement-breakpoint
CREATE TRIGGER "organizations_district_usage_updated" AFTER UPDATE ON "organizations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "organizations_district_usage"();--> statement-breakpoint
CREATE TRIGGER "organizations_district_usage_deleted" AFTER DELETE ON "organizations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "organizations_district_usage"();
