-- Voids of cash taken into a till by mistake: the bursar whose till it is asks, with a reason; a
-- second person approves or rejects. An approved void is paid back by a compensating refund row
-- (refund_payment_id) out of the same till, so the ledger reverses it through ledger_post_payment;
-- the original payment keeps its receipt number.
CREATE TABLE "payment_voids" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "payment_id" uuid NOT NULL REFERENCES "payments"("id"),
  "till_session_id" uuid NOT NULL REFERENCES "till_sessions"("id"),
  "reason" text NOT NULL,
  "requested_by" uuid NOT NULL REFERENCES "users"("id"),
  "requested_at" timestamp with time zone DEFAULT now() NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "decided_by" uuid REFERENCES "users"("id"),
  "decided_at" timestamp with time zone,
  "decision_note" text,
  "refund_payment_id" uuid REFERENCES "payments"("id"),
  CONSTRAINT "payment_voids_status" CHECK ("status" IN ('pending', 'approved', 'rejected')),
  CONSTRAINT "payment_voids_decided" CHECK (("status" = 'pending') = ("decided_at" IS NULL)
    AND ("decided_at" IS NULL OR "decided_by" IS NOT NULL)
    AND (("status" = 'approved') = ("refund_payment_id" IS NOT NULL)))
);
--> statement-breakpoint
-- A payment is voided once: at most one void waiting or approved (a rejected one leaves room).
CREATE UNIQUE INDEX "payment_voids_one_uq" ON "payment_voids" USING btree ("payment_id") WHERE "status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "payment_voids_till_idx" ON "payment_voids" USING btree ("till_session_id");--> statement-breakpoint
CREATE INDEX "payment_voids_pending_idx" ON "payment_voids" USING btree ("school_id", "requested_at") WHERE "status" = 'pending';
