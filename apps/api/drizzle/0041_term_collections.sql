-- Money credited per term (the term of the fee it pays) and Lagos day, net of refunds: the
-- collection curves and the forecast read a term's days instead of its payments. Kept by
-- payments_collect beside daily_collections, in the transaction that credits or refunds.
CREATE TABLE "term_daily_collections" (
	"term_id" uuid NOT NULL,
	"day" date NOT NULL,
	"school_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "term_daily_collections_term_id_day_pk" PRIMARY KEY("term_id","day")
);
--> statement-breakpoint
ALTER TABLE "term_daily_collections" ADD CONSTRAINT "term_daily_collections_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_daily_collections" ADD CONSTRAINT "term_daily_collections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "school_commitments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"label" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"day_of_month" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_commitments_day_of_month" CHECK ("day_of_month" between 1 and 31),
	CONSTRAINT "school_commitments_amount" CHECK ("amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "school_commitments" ADD CONSTRAINT "school_commitments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_commitments" ADD CONSTRAINT "school_commitments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_commitments_school_idx" ON "school_commitments" USING btree ("school_id");--> statement-breakpoint
INSERT INTO "term_daily_collections" ("term_id", "day", "school_id", "amount_kobo")
SELECT f.term_id, (coalesce(p.paid_at, p.created_at) AT TIME ZONE 'Africa/Lagos')::date, p.school_id,
  sum(CASE WHEN p.kind = 'refund' THEN -p.amount_kobo ELSE p.amount_kobo END)
FROM payments p JOIN fees f ON f.id = p.fee_id
WHERE p.status = 'success'
GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r payments;
  direction integer;
  signed bigint;
  credited_on date;
BEGIN
  IF NEW.kind = 'payment' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    IF payment_happened(NEW.kind, NEW.method, NEW.status) THEN
      INSERT INTO daily_payment_statuses AS d (school_id, day, status, payments, amount_kobo)
      VALUES (NEW.school_id, (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.status, 1, NEW.amount_kobo)
      ON CONFLICT (school_id, day, status) DO UPDATE
        SET payments = d.payments + 1, amount_kobo = d.amount_kobo + excluded.amount_kobo;
    END IF;
    IF TG_OP = 'UPDATE' AND payment_happened(OLD.kind, OLD.method, OLD.status) THEN
      UPDATE daily_payment_statuses
      SET payments = payments - 1, amount_kobo = amount_kobo - OLD.amount_kobo
      WHERE school_id = OLD.school_id AND day = (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date
        AND status = OLD.status;
    END IF;
  END IF;
  IF NEW.status = 'success' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'success') THEN
    r := NEW;
    direction := 1;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'success' AND NEW.status IS DISTINCT FROM 'success' THEN
    r := OLD;
    direction := -1;
  ELSE
    RETURN NULL;
  END IF;
  signed := direction * CASE WHEN r.kind = 'refund' THEN -r.amount_kobo ELSE r.amount_kobo END;
  credited_on := (coalesce(r.paid_at, r.created_at) AT TIME ZONE 'Africa/Lagos')::date;
  INSERT INTO daily_collections AS d (school_id, day, method, payments, amount_kobo)
  VALUES (r.school_id, credited_on, r.method, CASE WHEN r.kind = 'payment' THEN direction ELSE 0 END, signed)
  ON CONFLICT (school_id, day, method) DO UPDATE
    SET payments = d.payments + excluded.payments, amount_kobo = d.amount_kobo + excluded.amount_kobo;
  INSERT INTO fee_student_paid AS f (fee_id, student_id, school_id, paid_kobo)
  VALUES (r.fee_id, r.student_id, r.school_id, signed)
  ON CONFLICT (fee_id, student_id) DO UPDATE SET paid_kobo = f.paid_kobo + excluded.paid_kobo;
  INSERT INTO term_daily_collections AS t (term_id, day, school_id, amount_kobo)
  SELECT f.term_id, credited_on, r.school_id, signed FROM fees f WHERE f.id = r.fee_id
  ON CONFLICT (term_id, day) DO UPDATE SET amount_kobo = t.amount_kobo + excluded.amount_kobo;
  PERFORM ledger_post_payment(r, direction);
  PERFORM term_balance_paid(r.fee_id, r.student_id, signed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_collection_summaries"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_term_balances;
  DELETE FROM daily_collections;
  DELETE FROM term_daily_collections;
  DELETE FROM daily_payment_statuses;
  DELETE FROM fee_student_paid;
  INSERT INTO daily_collections (school_id, day, method, payments, amount_kobo)
  SELECT school_id, (coalesce(paid_at, created_at) AT TIME ZONE 'Africa/Lagos')::date, method,
    count(*) FILTER (WHERE kind = 'payment'),
    sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  INSERT INTO term_daily_collections (term_id, day, school_id, amount_kobo)
  SELECT f.term_id, (coalesce(p.paid_at, p.created_at) AT TIME ZONE 'Africa/Lagos')::date, p.school_id,
    sum(CASE WHEN p.kind = 'refund' THEN -p.amount_kobo ELSE p.amount_kobo END)
  FROM payments p JOIN fees f ON f.id = p.fee_id WHERE p.status = 'success' GROUP BY 1, 2, 3;
  INSERT INTO daily_payment_statuses (school_id, day, status, payments, amount_kobo)
  SELECT school_id, (created_at AT TIME ZONE 'Africa/Lagos')::date, status, count(*), sum(amount_kobo)
  FROM payments WHERE kind = 'payment' AND payment_happened(kind, method, status) GROUP BY 1, 2, 3;
  INSERT INTO fee_student_paid (fee_id, student_id, school_id, paid_kobo)
  SELECT fee_id, student_id, school_id, sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  PERFORM refresh_term_balances(t.id, NULL) FROM terms t
  WHERE EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved');
END $$;
