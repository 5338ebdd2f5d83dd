CREATE TABLE "bank_statement_mappings" (
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "account_number" text NOT NULL,
  "mapping" jsonb NOT NULL,
  "updated_by" uuid NOT NULL REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bank_statement_mappings_pk" PRIMARY KEY ("school_id", "account_number")
);
--> statement-breakpoint
CREATE TABLE "bank_payer_links" (
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "sender_account" text NOT NULL,
  "student_id" uuid NOT NULL REFERENCES "users"("id"),
  "line_id" uuid NOT NULL REFERENCES "bank_statement_lines"("id"),
  "created_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bank_payer_links_pk" PRIMARY KEY ("school_id", "sender_account")
);
