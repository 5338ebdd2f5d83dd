CREATE TABLE "bank_statements" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "file_name" text NOT NULL,
  "format" text NOT NULL,
  "account_number" text NOT NULL,
  "line_count" integer NOT NULL,
  "already_imported" integer NOT NULL,
  "problems" jsonb NOT NULL,
  "balance_breaks" jsonb NOT NULL,
  "uploaded_by" uuid NOT NULL REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bank_statements_school_idx" ON "bank_statements" ("school_id", "created_at");
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "statement_id" uuid NOT NULL REFERENCES "bank_statements"("id"),
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "account_number" text NOT NULL,
  "fingerprint" text NOT NULL,
  "occurrence" integer NOT NULL,
  "position" integer NOT NULL,
  "booked_on" date NOT NULL,
  "direction" text NOT NULL,
  "amount_kobo" bigint NOT NULL,
  "narration" text NOT NULL,
  "reference" text,
  "balance_kobo" bigint,
  "reversal" boolean NOT NULL,
  "status" text NOT NULL,
  "note" text,
  "candidates" jsonb NOT NULL,
  "student_id" uuid REFERENCES "users"("id"),
  "payment_ids" uuid[],
  "confirmed_by" uuid REFERENCES "users"("id"),
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("amount_kobo" > 0),
  CONSTRAINT "bank_statement_lines_confirmed_paid" CHECK (("status" = 'confirmed') = ("payment_ids" is not null and "student_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_once_uq" ON "bank_statement_lines" ("school_id", "account_number", "fingerprint", "occurrence");
--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" ("school_id", "status", "booked_on");
