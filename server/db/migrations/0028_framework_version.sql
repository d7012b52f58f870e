CREATE TABLE "framework_version" (
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Any write to the framework tree sets a new version in the writer's transaction: readers that
-- see a version see the tree committed with it. The numbers come from a sequence no table owns,
-- so they never repeat, not even after `truncate … restart identity` (a reset seed).
CREATE SEQUENCE "framework_version_numbers";--> statement-breakpoint
INSERT INTO "framework_version" ("version") VALUES (nextval('framework_version_numbers'));--> statement-breakpoint
CREATE FUNCTION "framework_version_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "framework_version" SET "version" = nextval('framework_version_numbers');
  IF NOT FOUND THEN
    INSERT INTO "framework_version" ("version") VALUES (nextval('framework_version_numbers'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "nasot_items_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nasot_items" FOR EACH STATEMENT EXECUTE FUNCTION "framework_version_changed"();
