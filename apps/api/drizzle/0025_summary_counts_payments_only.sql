-- An online checkout started and not paid (pending) or ended unpaid (failed) charged nobody: it is
-- the payer's attempt, not a payment, and the staff reads leave it out (paymentsThatHappened in
-- src/db/payment-attempts.ts). The status breakdown counted it; this is the same rule in SQL, held
-- equal to that predicate by test/payment-summaries-attempts.test.ts. Bank transfer claims (pending
-- or rejected) and refunds are money claimed or moved, and still count.
CREATE FUNCTION "payment_happened"("kind" text, "method" text, "status" text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT (kind = 'payment' AND method IN ('paystack', 'flutterwave') AND status IN ('pending', 'failed'))
$$;
--> statement-breakpoint
-- As in 0011, but a payment enters its status's count only once it happened: an attempt paid moves
-- from nowhere to success, one that fails leaves pending for nowhere. A row's kind and method are
-- never changed, so the status (the column the trigger fires on) decides alone.
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
  PERFORM refresh_term_balances((SELECT term_id FROM fees WHERE id = r.fee_id), ARRAY[r.student_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_collection_summaries"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_term_balances;
  DELETE FROM daily_collections;
  DELETE FROM daily_payment_statuses;
  DELETE FROM fee_student_paid;
  INSERT INTO daily_collections (school_id, day, method, payments, amount_kobo)
  SELECT school_id, (coalesce(paid_at, created_at) AT TIME ZONE 'Africa/Lagos')::date, method,
    count(*) FILTER (WHERE kind = 'payment'),
    sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  INSERT INTO daily_payment_statuses (school_id, day, status, payments, amount_kobo)
  SELECT school_id, (created_at AT TIME ZONE 'Africa/Lagos')::date, status, count(*), sum(amount_kobo)
  FROM payments WHERE kind = 'payment' AND payment_happened(kind, method, status) GROUP BY 1, 2, 3;
  INSERT INTO fee_student_paid (fee_id, student_id, school_id, paid_kobo)
  SELECT fee_id, student_id, school_id, sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  PERFORM refresh_term_balances(t.id, NULL) FROM terms t
  WHERE EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved');
END $$;
--> statement-breakpoint
-- Only this table's counts change; the other summaries already counted money only.
DELETE FROM daily_payment_statuses;
--> statement-breakpoint
INSERT INTO daily_payment_statuses (school_id, day, status, payments, amount_kobo)
SELECT school_id, (created_at AT TIME ZONE 'Africa/Lagos')::date, status, count(*), sum(amount_kobo)
FROM payments WHERE kind = 'payment' AND payment_happened(kind, method, status) GROUP BY 1, 2, 3;
