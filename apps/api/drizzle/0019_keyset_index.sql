DROP INDEX "payments_school_idx";--> statement-breakpoint
CREATE INDEX "payments_school_idx" ON "payments" USING btree ("school_id","created_at","id");