CREATE TABLE "daily_collections" (
	"school_id" uuid NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"payments" integer NOT NULL,
	"amount_kobo" bigint NOT NULL,
	CONSTRAINT "daily_collections_school_id_day_method_pk" PRIMARY KEY("school_id","day","method")
);
--> statement-breakpoint
CREATE TABLE "fee_student_paid" (
	"fee_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"paid_kobo" bigint NOT NULL,
	CONSTRAINT "fee_student_paid_fee_id_student_id_pk" PRIMARY KEY("fee_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "daily_collections" ADD CONSTRAINT "daily_collections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_student_paid" ADD CONSTRAINT "fee_student_paid_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_student_paid" ADD CONSTRAINT "fee_student_paid_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_student_paid" ADD CONSTRAINT "fee_student_paid_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_collections_day_idx" ON "daily_collections" USING btree ("day");--> statement-breakpoint
CREATE INDEX "fee_student_paid_student_idx" ON "fee_student_paid" USING btree ("student_id");--> statement-breakpoint
CREATE TABLE "student_term_balances" (
	"term_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"class_arm_id" uuid,
	"fees" integer NOT NULL,
	"expected_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	CONSTRAINT "student_term_balances_term_id_student_id_pk" PRIMARY KEY("term_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_term_balances" ADD CONSTRAINT "student_term_balances_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_term_balances" ADD CONSTRAINT "student_term_balances_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_term_balances" ADD CONSTRAINT "student_term_balances_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_term_balances_student_idx" ON "student_term_balances" USING btree ("student_id");
--> statement-breakpoint
-- A successful row adds its signed amount (a refund subtracts) to its school's day and method and
-- to its student's fee; a row that leaves success (none does today) takes it back. The day is the
-- Lagos date of when the money moved, as the payment lists show it: paid_at, else created_at.
CREATE FUNCTION "payments_collect"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r payments;
  direction integer;
  signed bigint;
  credited_on date;
BEGIN
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
-- Recomputes the positions of some students (all of the term's school when null) on one term,
-- from the fees as they are now: the payable fees of the term that apply to each active student
-- (the rule of feeAppliesTo and payable in fees.queries.ts), what they ask, and what the student
-- has paid on each (fee_student_paid). Upserts, then removes the rows of students who no longer
-- owe on the term, so two transactions refreshing the same student never collide on the key.
CREATE FUNCTION "refresh_term_balances"(p_term uuid, p_students uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT f.term_id, s.id AS student_id, s.school_id, s.class_arm_id, count(*)::int AS fees,
      sum(f.amount_kobo) AS expected, sum(coalesce(p.paid_kobo, 0)) AS paid,
      sum(greatest(f.amount_kobo - coalesce(p.paid_kobo, 0), 0)) AS outstanding
    FROM fees f
    JOIN users s ON s.school_id = f.school_id AND 'Student' = ANY(s.roles) AND s.deleted_at IS NULL
      AND s.status = 'active' AND (p_students IS NULL OR s.id = ANY(p_students))
      AND (f.applies_to = 'school'
        OR (f.applies_to = 'classArms' AND EXISTS (
          SELECT 1 FROM fee_class_arms a WHERE a.fee_id = f.id AND a.class_arm_id = s.class_arm_id))
        OR (f.applies_to = 'students' AND EXISTS (
          SELECT 1 FROM fee_students x WHERE x.fee_id = f.id AND x.student_id = s.id)))
    LEFT JOIN fee_student_paid p ON p.fee_id = f.id AND p.student_id = s.id
    WHERE f.term_id = p_term AND f.status = 'approved' AND f.is_active AND f.deleted_at IS NULL
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
  WHERE b.term_id = p_term AND (p_students IS NULL OR b.student_id = ANY(p_students))
    AND b.student_id NOT IN (SELECT student_id FROM fresh);
$$;
--> statement-breakpoint
-- A fee's amount, approval, activity, targets or term changed: its term, before and after.
CREATE FUNCTION "fees_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_term_balances(OLD.term_id, NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.term_id IS DISTINCT FROM OLD.term_id) THEN
    PERFORM refresh_term_balances(NEW.term_id, NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fees_refresh_balances_insert" AFTER INSERT ON "fees"
  FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION "fees_refresh_balances"();
--> statement-breakpoint
CREATE TRIGGER "fees_refresh_balances_update" AFTER UPDATE ON "fees"
  FOR EACH ROW WHEN (
    OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.applies_to IS DISTINCT FROM NEW.applies_to OR OLD.term_id IS DISTINCT FROM NEW.term_id
    OR OLD.school_id IS DISTINCT FROM NEW.school_id)
  EXECUTE FUNCTION "fees_refresh_balances"();
--> statement-breakpoint
-- A fee's class arms or chosen students changed: the terms of the fees named, once per statement.
CREATE FUNCTION "fee_targets_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  term uuid;
BEGIN
  FOR term IN
    SELECT DISTINCT f.term_id FROM fees f
    WHERE f.id IN (SELECT fee_id FROM changed_targets) AND f.status = 'approved'
  LOOP
    PERFORM refresh_term_balances(term, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_class_arms_refresh_insert" AFTER INSERT ON "fee_class_arms"
  REFERENCING NEW TABLE AS changed_targets FOR EACH STATEMENT EXECUTE FUNCTION "fee_targets_refresh_balances"();
--> statement-breakpoint
CREATE TRIGGER "fee_class_arms_refresh_delete" AFTER DELETE ON "fee_class_arms"
  REFERENCING OLD TABLE AS changed_targets FOR EACH STATEMENT EXECUTE FUNCTION "fee_targets_refresh_balances"();
--> statement-breakpoint
CREATE TRIGGER "fee_students_refresh_insert" AFTER INSERT ON "fee_students"
  REFERENCING NEW TABLE AS changed_targets FOR EACH STATEMENT EXECUTE FUNCTION "fee_targets_refresh_balances"();
--> statement-breakpoint
CREATE TRIGGER "fee_students_refresh_delete" AFTER DELETE ON "fee_students"
  REFERENCING OLD TABLE AS changed_targets FOR EACH STATEMENT EXECUTE FUNCTION "fee_targets_refresh_balances"();
--> statement-breakpoint
-- Students added (one or an import of thousands) or changed in what decides their fees (class
-- arm, status, deletion, roles, school): every term of their schools, old and new, for just those
-- students, once per statement. Sign-ins update users all day; their rows change none of these
-- columns and refresh nothing.
CREATE FUNCTION "refresh_students_balances"(p_students uuid[], p_schools uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  term uuid;
BEGIN
  IF cardinality(p_students) = 0 THEN
    RETURN;
  END IF;
  FOR term IN
    SELECT t.id FROM terms t
    WHERE t.school_id = ANY(p_schools)
      AND EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved')
  LOOP
    PERFORM refresh_term_balances(term, p_students);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "students_added_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_students_balances(
    (SELECT coalesce(array_agg(id), '{}') FROM added WHERE 'Student' = ANY(roles)),
    (SELECT coalesce(array_agg(DISTINCT school_id), '{}') FROM added WHERE 'Student' = ANY(roles)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_refresh_balances_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "students_added_refresh_balances"();
--> statement-breakpoint
CREATE FUNCTION "students_changed_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  school_ids uuid[];
BEGIN
  SELECT coalesce(array_agg(n.id), '{}'),
    coalesce(array_agg(n.school_id) FILTER (WHERE n.school_id IS NOT NULL), '{}')
      || coalesce(array_agg(o.school_id) FILTER (WHERE o.school_id IS NOT NULL), '{}')
  INTO ids, school_ids
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  WHERE ('Student' = ANY(n.roles) OR 'Student' = ANY(o.roles))
    AND (o.class_arm_id, o.status, o.deleted_at, o.roles, o.school_id)
      IS DISTINCT FROM (n.class_arm_id, n.status, n.deleted_at, n.roles, n.school_id);
  PERFORM refresh_students_balances(ids, school_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_refresh_balances_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "students_changed_refresh_balances"();
--> statement-breakpoint
CREATE TRIGGER "payments_collect" AFTER INSERT OR UPDATE OF status ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_collect"();
--> statement-breakpoint
-- Rebuilds all three summaries from the payments, fees and students: here, for the rows already
-- there, and wherever rows arrive in bulk with the payments trigger switched off (the benchmark).
CREATE FUNCTION "rebuild_collection_summaries"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM student_term_balances;
  DELETE FROM daily_collections;
  DELETE FROM fee_student_paid;
  INSERT INTO daily_collections (school_id, day, method, payments, amount_kobo)
  SELECT school_id, (coalesce(paid_at, created_at) AT TIME ZONE 'Africa/Lagos')::date, method,
    count(*) FILTER (WHERE kind = 'payment'),
    sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  INSERT INTO fee_student_paid (fee_id, student_id, school_id, paid_kobo)
  SELECT fee_id, student_id, school_id, sum(CASE WHEN kind = 'refund' THEN -amount_kobo ELSE amount_kobo END)
  FROM payments WHERE status = 'success' GROUP BY 1, 2, 3;
  PERFORM refresh_term_balances(t.id, NULL) FROM terms t
  WHERE EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved');
END $$;
--> statement-breakpoint
SELECT rebuild_collection_summaries();
