ALTER TABLE "subscriptions" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "starts_at" timestamp with time zone;
