CREATE TABLE "daily_payment_statuses" (
	"school_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "daily_payment_statuses_school_id_day_status_pk" PRIMARY KEY("school_id","day","status")
);
--> statement-breakpoint
ALTER TABLE "daily_payment_statuses" ADD CONSTRAINT "daily_payment_statuses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_payment_statuses_day_idx" ON "daily_payment_statuses" USING btree ("day");--> statement-breakpoint
-- payments_collect also counts payments by the Lagos day they were made and their status: a new
-- payment adds one to its status, a status change moves it from the old status to the new.
CREATE OR REPLACE FUNCTION "payments_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r payments;
  direction integer;
  signed bigint;
  credited_on date;
  made_on date;
BEGIN
  IF NEW.kind = 'payment' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
    made_on := (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date;
    INSERT INTO daily_payment_statuses AS d (school_id, day, status, payments, amount_kobo)
    VALUES (NEW.school_id, made_on, NEW.status, 1, NEW.amount_kobo)
    ON CONFLICT (school_id, day, status) DO UPDATE
      SET payments = d.payments + 1, amount_kobo = d.amount_kobo + excluded.amount_kobo;
    IF TG_OP = 'UPDATE' THEN
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
  FROM payments WHERE kind = 'payment' GROUP BY 1, 2, 3;
  INSERT INTO fee_student_paid (fee_id, student_id, school_id, paid_kobo)
  SELECT fee_id, student_id, school_id, sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  PERFORM refresh_term_balances(t.id, NULL) FROM terms t
  WHERE EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved');
END $$;
--> statement-breakpoint
INSERT INTO daily_payment_statuses (school_id, day, status, payments, amount_kobo)
SELECT school_id, (created_at AT TIME ZONE 'Africa/Lagos')::date, status, count(*), sum(amount_kobo)
FROM payments WHERE kind = 'payment' GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The same refresh, planned for the students it is given: with a list (a payment, a student's
-- change) it reads those students by key and touches only their rows; a fixed plan with
-- "p_students IS NULL OR ..." scanned every student of the group on every payment.
CREATE OR REPLACE FUNCTION "refresh_term_balances"(p_term uuid, p_students uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  among text := CASE WHEN p_students IS NULL THEN 'true' ELSE '%s = ANY($2)' END;
BEGIN
  EXECUTE format($q$
    WITH fresh AS (
      SELECT f.term_id, s.id AS student_id, s.school_id, s.class_arm_id, count(*)::int AS fees,
        sum(f.amount_kobo) AS expected, sum(coalesce(p.paid_kobo, 0)) AS paid,
        sum(greatest(f.amount_kobo - coalesce(p.paid_kobo, 0), 0)) AS outstanding
      FROM fees f
      JOIN users s ON s.school_id = f.school_id AND 'Student' = ANY(s.roles) AND s.deleted_at IS NULL
        AND s.status = 'active' AND %s
        AND (f.applies_to = 'school'
          OR (f.applies_to = 'classArms' AND EXISTS (
            SELECT 1 FROM fee_class_arms a WHERE a.fee_id = f.id AND a.class_arm_id = s.class_arm_id))
          OR (f.applies_to = 'students' AND EXISTS (
            SELECT 1 FROM fee_students x WHERE x.fee_id = f.id AND x.student_id = s.id)))
      LEFT JOIN fee_student_paid p ON p.fee_id = f.id AND p.student_id = s.id
      WHERE f.term_id = $1 AND f.status = 'approved' AND f.is_active AND f.deleted_at IS NULL
      GROUP BY f.term_id, s.id, s.school_id, s.class_arm_id
    ),
    kept AS (
      INSERT INTO student_term_balances AS b
        (term_id, student_id, school_id, class_arm_id, fees, expected_kobo, paid_kobo, outstanding_kobo)
      SELECT term_id, student_id, school_id, class_arm_id, fees, expected, paid, outstanding FROM fresh
      ON CONFLICT (term_id, student_id) DO UPDATE SET school_id = excluded.school_id,
        class_arm_id = excluded.class_arm_id, fees = excluded.fees, expected_kobo = excluded.expected_kobo,
        paid_kobo = excluded.paid_kobo, outstanding_kobo = excluded.outstanding_kobo
      RETURNING student_id
    )
    DELETE FROM student_term_balances b
    WHERE b.term_id = $1 AND %s AND NOT EXISTS (SELECT 1 FROM fresh WHERE fresh.student_id = b.student_id)
  $q$, format(among, 's.id'), format(among, 'b.student_id'))
  USING p_term, p_students;
END $$;
