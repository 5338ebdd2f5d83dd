CREATE TABLE "family_credit_paybacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_credit_paybacks_amount_positive" CHECK ("family_credit_paybacks"."amount_kobo" > 0),
	CONSTRAINT "family_credit_paybacks_four_eyes" CHECK ("family_credit_paybacks"."decided_by" is null or "family_credit_paybacks"."requested_by" is null or "family_credit_paybacks"."decided_by" <> "family_credit_paybacks"."requested_by"),
	CONSTRAINT "family_credit_paybacks_entry_when_approved" CHECK (("family_credit_paybacks"."status" = 'approved') = ("family_credit_paybacks"."entry_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "amount_payee_editors" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "family_credit_paybacks" ADD CONSTRAINT "family_credit_paybacks_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_paybacks" ADD CONSTRAINT "family_credit_paybacks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_paybacks" ADD CONSTRAINT "family_credit_paybacks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_paybacks" ADD CONSTRAINT "family_credit_paybacks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_paybacks" ADD CONSTRAINT "family_credit_paybacks_entry_id_family_credit_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."family_credit_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_credit_paybacks_school_status_idx" ON "family_credit_paybacks" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "family_credit_paybacks_parent_idx" ON "family_credit_paybacks" USING btree ("parent_id","created_at");--> statement-breakpoint
-- Who changed an expense's amount or payee before the column existed, from the audit trail, so a
-- request edited earlier cannot be approved by its editor either.
UPDATE "expenses" e SET "amount_payee_editors" = edited.ids
FROM (
  SELECT a."entity_id" AS expense_id, array_agg(DISTINCT a."actor_id") AS ids
  FROM "audit_logs" a
  WHERE a."entity" = 'expense' AND a."action" = 'expense.update' AND a."actor_id" IS NOT NULL
    AND (a."before"->>'amountKobo' IS DISTINCT FROM a."after"->>'amountKobo'
      OR a."before"->>'payeeKind' IS DISTINCT FROM a."after"->>'payeeKind'
      OR a."before"->>'payeeName' IS DISTINCT FROM a."after"->>'payeeName'
      OR a."before"->>'payeeUserId' IS DISTINCT FROM a."after"->>'payeeUserId'
      OR a."before"->>'vendorId' IS DISTINCT FROM a."after"->>'vendorId')
  GROUP BY a."entity_id"
) edited
WHERE e."id" = edited.expense_id;
