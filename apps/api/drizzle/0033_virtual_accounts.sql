-- A family's own account number at a school (a Paystack dedicated virtual account), the school's
-- switch for them, and each transfer that arrived in one, credited once.
CREATE TABLE "virtual_account_settings" (
  "school_id" uuid PRIMARY KEY NOT NULL REFERENCES "schools"("id"),
  "enabled" boolean DEFAULT false NOT NULL,
  "preferred_bank" text NOT NULL,
  "updated_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "holder_kind" text NOT NULL,
  "holder_id" uuid NOT NULL REFERENCES "users"("id"),
  "provider" text NOT NULL,
  "account_number" text NOT NULL,
  "account_name" text NOT NULL,
  "bank_name" text NOT NULL,
  "bank_slug" text NOT NULL,
  "provider_account_id" text NOT NULL,
  "customer_code" text NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deactivated_at" timestamp with time zone,
  "deactivated_by" uuid REFERENCES "users"("id"),
  "deactivation_reason" text,
  CONSTRAINT "virtual_accounts_deactivated" CHECK ("active" = ("deactivated_at" is null) and ("active" or "deactivation_reason" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_holder_uq" ON "virtual_accounts" ("school_id", "holder_id") WHERE "active";
--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_number_uq" ON "virtual_accounts" ("provider", "account_number") WHERE "active";
--> statement-breakpoint
CREATE INDEX "virtual_accounts_number_idx" ON "virtual_accounts" ("provider", "account_number", "created_at");
--> statement-breakpoint
CREATE INDEX "virtual_accounts_school_idx" ON "virtual_accounts" ("school_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "virtual_account_credits" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "account_id" uuid REFERENCES "virtual_accounts"("id"),
  "receiver_account_number" text NOT NULL,
  "provider" text NOT NULL,
  "provider_transaction_id" text NOT NULL,
  "reference" text NOT NULL,
  "amount_kobo" bigint NOT NULL,
  "currency" text NOT NULL,
  "sender_name" text,
  "sender_bank" text,
  "sender_account_number" text,
  "narration" text,
  "paid_at" timestamp with time zone NOT NULL,
  "status" text NOT NULL,
  "reason" text,
  "unplaced_kobo" bigint DEFAULT 0 NOT NULL,
  "payment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "virtual_account_credits_unplaced" CHECK ("unplaced_kobo" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_account_credits_transaction_uq" ON "virtual_account_credits" ("provider", "provider_transaction_id");
--> statement-breakpoint
CREATE INDEX "virtual_account_credits_school_idx" ON "virtual_account_credits" ("school_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "virtual_account_credits_account_idx" ON "virtual_account_credits" ("account_id", "created_at");
