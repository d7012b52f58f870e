ALTER TABLE "subscriptions" ADD COLUMN "trial_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_serial" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Backfill: earlier transactions get receipt serials in the order they were made, and the card
-- they were made with where that is certain (a verification stores the card's own reference; a
-- customer who only ever had one card). Others keep no card rather than a guessed one.
UPDATE "transactions" t SET "receipt_serial" = o."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "transactions") o
WHERE o."id" = t."id";--> statement-breakpoint
UPDATE "transactions" t SET "payment_method_id" = pm."id"
FROM "payment_methods" pm
WHERE t."payment_method_id" IS NULL AND pm."user_id" = t."user_id" AND pm."gateway_ref" = t."gateway_ref";--> statement-breakpoint
UPDATE "transactions" t SET "payment_method_id" = (SELECT pm."id" FROM "payment_methods" pm WHERE pm."user_id" = t."user_id")
WHERE t."payment_method_id" IS NULL AND (SELECT count(*) FROM "payment_methods" pm WHERE pm."user_id" = t."user_id") = 1;--> statement-breakpoint
CREATE INDEX "subscriptions_trial_reminder_idx" ON "subscriptions" USING btree ("trial_ends_at") WHERE "subscriptions"."trial_reminder_sent_at" is null and "subscriptions"."trial_ends_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_receipt_serial_idx" ON "transactions" USING btree ("receipt_serial");