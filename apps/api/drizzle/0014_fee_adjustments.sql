CREATE TABLE "adjustment_rule_students" (
	"rule_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "adjustment_rule_students_rule_id_student_id_pk" PRIMARY KEY("rule_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "adjustment_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_school_id" uuid NOT NULL,
	"school_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"fee_types" text[] NOT NULL,
	"second_percent_bp" integer,
	"later_percent_bp" integer,
	"basis" text,
	"amount_kobo" bigint,
	"percent_bp" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"fee_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"amount_kobo" bigint,
	"percent_bp" integer,
	"reason" text NOT NULL,
	"rule_id" uuid,
	"late_fee_policy_id" uuid,
	"period" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"reversed_by" uuid,
	"reversed_at" timestamp with time zone,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "late_fee_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"fee_id" uuid,
	"basis" text NOT NULL,
	"amount_kobo" bigint,
	"percent_bp" integer,
	"grace_days" integer NOT NULL,
	"repeat" text NOT NULL,
	"cap_kobo" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adjustment_rule_students" ADD CONSTRAINT "adjustment_rule_students_rule_id_adjustment_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."adjustment_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_rule_students" ADD CONSTRAINT "adjustment_rule_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_rules" ADD CONSTRAINT "adjustment_rules_group_school_id_group_schools_id_fk" FOREIGN KEY ("group_school_id") REFERENCES "public"."group_schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_rules" ADD CONSTRAINT "adjustment_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_rules" ADD CONSTRAINT "adjustment_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustment_rules" ADD CONSTRAINT "adjustment_rules_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_rule_id_adjustment_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."adjustment_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_late_fee_policy_id_late_fee_policies_id_fk" FOREIGN KEY ("late_fee_policy_id") REFERENCES "public"."late_fee_policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_adjustments" ADD CONSTRAINT "fee_adjustments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ADD CONSTRAINT "late_fee_policies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ADD CONSTRAINT "late_fee_policies_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_fee_policies" ADD CONSTRAINT "late_fee_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjustment_rule_students_student_idx" ON "adjustment_rule_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "adjustment_rules_group_idx" ON "adjustment_rules" USING btree ("group_school_id","status");--> statement-breakpoint
CREATE INDEX "fee_adjustments_fee_student_idx" ON "fee_adjustments" USING btree ("fee_id","student_id","status");--> statement-breakpoint
CREATE INDEX "fee_adjustments_school_idx" ON "fee_adjustments" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "fee_adjustments_student_idx" ON "fee_adjustments" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_adjustments_rule_idx" ON "fee_adjustments" USING btree ("rule_id","fee_id","student_id") WHERE "fee_adjustments"."rule_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_adjustments_late_fee_idx" ON "fee_adjustments" USING btree ("fee_id","student_id","period") WHERE "fee_adjustments"."kind" = 'late_fee';--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_policies_school_default_idx" ON "late_fee_policies" USING btree ("school_id") WHERE "late_fee_policies"."fee_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "late_fee_policies_fee_idx" ON "late_fee_policies" USING btree ("fee_id") WHERE "late_fee_policies"."fee_id" is not null;--> statement-breakpoint
-- The domain's owed() (packages/domain adjustments.ts): amount - reductions + late fees - paid
-- (payments less refunds), never below zero. Every SQL sum of what is owed goes through it.
CREATE FUNCTION "fee_owed"(amount bigint, reductions bigint, late_fees bigint, paid bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(amount - coalesce(reductions, 0) + coalesce(late_fees, 0) - coalesce(paid, 0), 0)
$$;
--> statement-breakpoint
-- The term positions now ask the adjusted amount of each fee (expected) and owe fee_owed; each
-- student's adjustments are read by key (fee_adjustments_fee_student_idx), as a payment refreshes one.
CREATE OR REPLACE FUNCTION "refresh_term_balances"(p_term uuid, p_students uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  among text := CASE WHEN p_students IS NULL THEN 'true' ELSE '%s = ANY($2)' END;
BEGIN
  EXECUTE format($q$
    WITH fresh AS (
      SELECT f.term_id, s.id AS student_id, s.school_id, s.class_arm_id, count(*)::int AS fees,
        sum(fee_owed(f.amount_kobo, a.reductions_kobo, a.late_fees_kobo, 0)) AS expected,
        sum(coalesce(p.paid_kobo, 0)) AS paid,
        sum(fee_owed(f.amount_kobo, a.reductions_kobo, a.late_fees_kobo, p.paid_kobo)) AS outstanding
      FROM fees f
      JOIN users s ON s.school_id = f.school_id AND 'Student' = ANY(s.roles) AND s.deleted_at IS NULL
        AND s.status = 'active' AND %s
        AND (f.applies_to = 'school'
          OR (f.applies_to = 'classArms' AND EXISTS (
            SELECT 1 FROM fee_class_arms ca WHERE ca.fee_id = f.id AND ca.class_arm_id = s.class_arm_id))
          OR (f.applies_to = 'students' AND EXISTS (
            SELECT 1 FROM fee_students x WHERE x.fee_id = f.id AND x.student_id = s.id)))
      LEFT JOIN fee_student_paid p ON p.fee_id = f.id AND p.student_id = s.id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind <> 'late_fee'), 0)::bigint AS reductions_kobo,
          coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind = 'late_fee'), 0)::bigint AS late_fees_kobo
        FROM fee_adjustments fa
        WHERE fa.fee_id = f.id AND fa.student_id = s.id AND fa.status = 'approved') a ON true
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
--> statement-breakpoint
-- An adjustment that starts or stops counting (approved, or reversed) moves its student's term position.
CREATE FUNCTION "fee_adjustments_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.status = 'approved') IS DISTINCT FROM (TG_OP = 'UPDATE' AND OLD.status = 'approved')
    OR (TG_OP = 'UPDATE' AND NEW.status = 'approved' AND OLD.amount_kobo IS DISTINCT FROM NEW.amount_kobo) THEN
    PERFORM refresh_term_balances((SELECT term_id FROM fees WHERE id = NEW.fee_id), ARRAY[NEW.student_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_adjustments_refresh_balances" AFTER INSERT OR UPDATE ON "fee_adjustments"
  FOR EACH ROW EXECUTE FUNCTION "fee_adjustments_refresh_balances"();
