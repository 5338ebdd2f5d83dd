ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('queued', 'retrying');--> statement-breakpoint
-- Emails queued before retries existed are due now; those that failed their single attempt get the rest.
UPDATE "email_outbox" SET "next_attempt_at" = now() WHERE "status" = 'queued';--> statement-breakpoint
UPDATE "email_outbox" SET "status" = 'retrying', "next_attempt_at" = now() WHERE "status" = 'failed' AND "attempts" < 5;
