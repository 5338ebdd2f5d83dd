-- Flutterwave's static virtual accounts beside Paystack's dedicated ones: a school chooses which
-- provider opens its families' accounts, and a Flutterwave account is known by the `tx_ref` it was
-- opened with, which every transfer into it repeats (each transfer has its own id).
ALTER TABLE "virtual_account_settings" ADD COLUMN "provider" text DEFAULT 'paystack' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_account_settings" ADD CONSTRAINT "virtual_account_settings_provider" CHECK ("provider" IN ('paystack', 'flutterwave'));--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "provider_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_reference_uq" ON "virtual_accounts" USING btree ("provider", "provider_reference") WHERE "provider_reference" IS NOT NULL;
