-- Who a token stands for, whether it was signed out, whether its user may use paid content
-- (server/auth/auth-cache.ts) and the catalogue's token (server/services/catalog-cache.ts) are
-- kept by every server process. Every change to what they are read from is announced on the
-- channel "elp_changes" when its transaction commits, so each process drops what changed,
-- whichever process, script or person made the change (server/services/changes.ts).
CREATE FUNCTION "announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('elp_changes', 'user:' || OLD."id");
  ELSIF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('elp_changes', 'revoked:' || NEW."jti");
  ELSIF TG_TABLE_NAME = 'catalog_version' THEN
    PERFORM pg_notify('elp_changes', 'catalog');
  ELSE
    -- Subscriptions and organizations (a school moved into another district): rare, so every
    -- user's access is read again.
    PERFORM pg_notify('elp_changes', 'access');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "announce_change"();
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_change" AFTER INSERT ON "revoked_tokens" FOR EACH ROW EXECUTE FUNCTION "announce_change"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_change" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_change"();
--> statement-breakpoint
CREATE TRIGGER "organizations_change" AFTER UPDATE OR DELETE ON "organizations" FOR EACH STATEMENT EXECUTE FUNCTION "announce_change"();
--> statement-breakpoint
CREATE TRIGGER "catalog_version_change" AFTER UPDATE ON "catalog_version" FOR EACH STATEMENT EXECUTE FUNCTION "announce_change"();
