CREATE TABLE "vendor_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"group_school_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "expense_payouts" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "expense_payouts" ADD COLUMN "payee_bank_code" text;--> statement-breakpoint
ALTER TABLE "expense_payouts" ADD COLUMN "payee_bank_name" text;--> statement-breakpoint
ALTER TABLE "expense_payouts" ADD COLUMN "payee_account_number" text;--> statement-breakpoint
ALTER TABLE "expense_payouts" ADD COLUMN "payee_account_name" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payee_bank_code" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payee_bank_name" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payee_account_number" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payee_account_name" text;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_group_school_id_group_schools_id_fk" FOREIGN KEY ("group_school_id") REFERENCES "public"."group_schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_changes" ADD CONSTRAINT "vendor_bank_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bank_changes_pending_uq" ON "vendor_bank_changes" USING btree ("vendor_id") WHERE "vendor_bank_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "vendor_bank_changes_vendor_idx" ON "vendor_bank_changes" USING btree ("vendor_id","proposed_at");--> statement-breakpoint
-- Expenses approved before bank details were fixed at approval: the vendor's current details are
-- the approved ones (no change was pending before this), so they are what those expenses pay.
UPDATE "expenses" e SET
  "payee_bank_code" = v."bank_code",
  "payee_bank_name" = v."bank_name",
  "payee_account_number" = v."account_number",
  "payee_account_name" = v."account_name"
FROM "vendors" v
WHERE v."id" = e."vendor_id" AND e."status" IN ('approved', 'partially_paid', 'paid');--> statement-breakpoint
-- Earlier payouts get the payee their expense now holds, the best record there is of where they
-- went; the append-only trigger is lifted for this one backfill only.
ALTER TABLE "expense_payouts" DISABLE TRIGGER "expense_payouts_append_only";--> statement-breakpoint
UPDATE "expense_payouts" p SET
  "payee_name" = e."payee_name",
  "payee_bank_code" = e."payee_bank_code",
  "payee_bank_name" = e."payee_bank_name",
  "payee_account_number" = e."payee_account_number",
  "payee_account_name" = e."payee_account_name"
FROM "expenses" e
WHERE e."id" = p."expense_id";--> statement-breakpoint
ALTER TABLE "expense_payouts" ENABLE TRIGGER "expense_payouts_append_only";--> statement-breakpoint
ALTER TABLE "expense_payouts" ALTER COLUMN "payee_name" SET NOT NULL;
