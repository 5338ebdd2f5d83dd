CREATE TABLE "school_receipt_counters" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"last_no" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_no" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "school_receipt_counters" ADD CONSTRAINT "school_receipt_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_school_receipt_idx" ON "payments" USING btree ("school_id","receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_school_idempotency_idx" ON "payments" USING btree ("school_id","idempotency_key");