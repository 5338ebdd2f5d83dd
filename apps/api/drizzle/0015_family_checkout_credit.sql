CREATE TABLE "family_credit_balances" (
	"parent_id" uuid PRIMARY KEY NOT NULL,
	"balance_kobo" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_school_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"school_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"group_school_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_url" text,
	"provider_reference" text,
	"provider_id" text,
	"channel" text,
	"verified_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_checkouts_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD COLUMN "auto_apply_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "family_credit_balances" ADD CONSTRAINT "family_credit_balances_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_credit_entries_parent_idx" ON "family_credit_entries" USING btree ("parent_id","created_at");--> statement-breakpoint
CREATE INDEX "family_credit_entries_payment_idx" ON "family_credit_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_payer_idx" ON "payment_checkouts" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_checkouts_pending_idx" ON "payment_checkouts" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "family_credit_entries" ADD CONSTRAINT "family_credit_entries_amount_not_zero" CHECK ("amount_kobo" <> 0);
--> statement-breakpoint
ALTER TABLE "family_credit_balances" ADD CONSTRAINT "family_credit_balances_not_negative" CHECK ("balance_kobo" >= 0);
--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry.
CREATE FUNCTION "family_credit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'family credit entries are append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER "family_credit_entries_append_only" BEFORE UPDATE OR DELETE ON "family_credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "family_credit_entries_append_only"();
--> statement-breakpoint
-- Each entry moves its family's balance in the same transaction; the balance's check refuses an
-- entry that would spend more credit than there is, however many spend at once.
-- An update first: an insert's check would be made on the entry's own amount, refusing any spend.
CREATE FUNCTION "family_credit_entries_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE family_credit_balances SET balance_kobo = balance_kobo + NEW.amount_kobo WHERE parent_id = NEW.parent_id;
  IF NOT FOUND THEN
    INSERT INTO family_credit_balances AS b (parent_id, balance_kobo) VALUES (NEW.parent_id, NEW.amount_kobo)
    ON CONFLICT (parent_id) DO UPDATE SET balance_kobo = b.balance_kobo + excluded.balance_kobo;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "family_credit_entries_balance" AFTER INSERT ON "family_credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "family_credit_entries_balance"();
