CREATE TABLE "payment_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"ps_public_key" text,
	"ps_secret_key_enc" text,
	"activate_ps" boolean DEFAULT false NOT NULL,
	"fw_public_key" text,
	"fw_secret_key_enc" text,
	"fw_secret_hash_enc" text,
	"activate_fw" boolean DEFAULT false NOT NULL,
	"activate_bank_transfer" boolean DEFAULT false NOT NULL,
	"activate_cash" boolean DEFAULT true NOT NULL,
	"account_no" text,
	"account_name" text,
	"bank_name" text,
	"default_payment_method" text DEFAULT 'cash' NOT NULL,
	"enable_installments" boolean DEFAULT false NOT NULL,
	"minimum_installment_kobo" bigint DEFAULT 100000 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_profiles_school_id_unique" UNIQUE("school_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_bank_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proof_path" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_refund_of_idx" ON "payments" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "payments_school_method_status_idx" ON "payments" USING btree ("school_id","method","status","created_at");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id","created_at");