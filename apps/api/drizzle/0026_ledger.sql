CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"school_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"memo" text NOT NULL,
	"reverses_id" bigint
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"school_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"student_id" uuid,
	"fee_id" uuid,
	CONSTRAINT "journal_lines_amount_not_zero" CHECK ("journal_lines"."amount_kobo" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_account_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"school_id" uuid NOT NULL,
	"debit_kobo" bigint NOT NULL,
	"credit_kobo" bigint NOT NULL,
	CONSTRAINT "ledger_account_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_account_mappings" (
	"account_id" uuid NOT NULL,
	"package" text NOT NULL,
	"external_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_mappings_account_id_package_pk" PRIMARY KEY("account_id","package")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"system_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_charges" (
	"fee_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"charged_kobo" bigint NOT NULL,
	CONSTRAINT "ledger_charges_fee_id_student_id_pk" PRIMARY KEY("fee_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_period_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"closed_through" date NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_id_journal_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account_days" ADD CONSTRAINT "ledger_account_days_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account_mappings" ADD CONSTRAINT "ledger_account_mappings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charges" ADD CONSTRAINT "ledger_charges_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_charges" ADD CONSTRAINT "ledger_charges_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_period_closes" ADD CONSTRAINT "ledger_period_closes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_period_closes" ADD CONSTRAINT "ledger_period_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_school_date_idx" ON "journal_entries" USING btree ("school_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_date_idx" ON "journal_lines" USING btree ("account_id","entry_date");--> statement-breakpoint
CREATE INDEX "journal_lines_school_date_idx" ON "journal_lines" USING btree ("school_id","entry_date");--> statement-breakpoint
CREATE INDEX "journal_lines_student_idx" ON "journal_lines" USING btree ("student_id","entry_date") WHERE "journal_lines"."student_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_account_days_school_day_idx" ON "ledger_account_days" USING btree ("school_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_school_code_uq" ON "ledger_accounts" USING btree ("school_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_school_key_uq" ON "ledger_accounts" USING btree ("school_id","system_key");--> statement-breakpoint
CREATE INDEX "ledger_charges_term_student_idx" ON "ledger_charges" USING btree ("term_id","student_id");--> statement-breakpoint
CREATE INDEX "ledger_period_closes_school_idx" ON "ledger_period_closes" USING btree ("school_id","closed_through");--> statement-breakpoint
-- The chart every school opens with. `system_key` is what the posting functions write to; an
-- accountant renames and recodes accounts (the key stays) and adds accounts of their own.
CREATE TABLE "ledger_default_accounts" (
	"system_key" text PRIMARY KEY,
	"code" text NOT NULL UNIQUE,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "ledger_default_accounts" ("system_key", "code", "name", "type") VALUES
	('cash', '1000', 'Cash on hand', 'asset'),
	('bank', '1010', 'Bank', 'asset'),
	('clearing:paystack', '1020', 'Paystack clearing', 'asset'),
	('clearing:flutterwave', '1021', 'Flutterwave clearing', 'asset'),
	('receivable', '1100', 'Fees receivable', 'asset'),
	('family_credit', '2100', 'Family credit', 'liability'),
	('fee_income:tuition', '4010', 'Tuition fees', 'income'),
	('fee_income:development', '4020', 'Development levy', 'income'),
	('fee_income:sports', '4030', 'Sports fees', 'income'),
	('fee_income:library', '4040', 'Library fees', 'income'),
	('fee_income:laboratory', '4050', 'Laboratory fees', 'income'),
	('fee_income:examination', '4060', 'Examination fees', 'income'),
	('fee_income:uniform', '4070', 'Uniform sales', 'income'),
	('fee_income:transport', '4080', 'Transport fees', 'income'),
	('fee_income:feeding', '4090', 'Feeding fees', 'income'),
	('fee_income:miscellaneous', '4099', 'Other fees', 'income'),
	('late_fee_income', '4900', 'Late fee income', 'income'),
	('discounts', '5000', 'Discounts and scholarships', 'expense'),
	('expense:staff_salary', '5010', 'Staff salary', 'expense'),
	('expense:staff_allowance', '5020', 'Staff allowance', 'expense'),
	('expense:vendor_service', '5030', 'Vendor services', 'expense'),
	('expense:consumables', '5040', 'Consumables', 'expense'),
	('expense:facilities_maintenance', '5050', 'Facilities maintenance', 'expense'),
	('expense:academic_resources', '5060', 'Academic resources', 'expense'),
	('expense:student_activities', '5070', 'Student activities', 'expense'),
	('expense:transportation', '5080', 'Transportation', 'expense'),
	('expense:technology', '5090', 'Technology', 'expense'),
	('expense:administrative', '5100', 'Administrative', 'expense'),
	('expense:utilities', '5110', 'Utilities', 'expense'),
	('expense:capital_project', '5120', 'Capital projects', 'expense'),
	('expense:other', '5190', 'Other expenses', 'expense'),
	('provider_charges', '5900', 'Payment provider charges', 'expense');
--> statement-breakpoint
CREATE FUNCTION "ledger_open_chart"("for_school" uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_accounts (school_id, code, name, type, system_key)
  SELECT for_school, d.code, d.name, d.type, d.system_key FROM ledger_default_accounts d
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
CREATE FUNCTION "schools_open_chart"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_open_chart(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schools_open_chart" AFTER INSERT ON "schools" FOR EACH ROW EXECUTE FUNCTION "schools_open_chart"();
--> statement-breakpoint
SELECT ledger_open_chart(id) FROM schools;
--> statement-breakpoint
-- The day a moment counts in the books: the school's day, in Lagos.
CREATE FUNCTION "ledger_day"("at" timestamptz) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'Africa/Lagos')::date
$$;
--> statement-breakpoint
-- The day an entry for `wanted` is dated: that day, or the first day after the school's books were
-- last closed, so money that moves late for a closed month counts in the open one.
CREATE FUNCTION "ledger_open_day"("for_school" uuid, "wanted" date) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT greatest(wanted, (SELECT max(closed_through) + 1 FROM ledger_period_closes WHERE school_id = for_school))
$$;
--> statement-breakpoint
-- The account money of a method sits in.
CREATE FUNCTION "ledger_money_account"("method" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE method
    WHEN 'cash' THEN 'cash'
    WHEN 'paystack' THEN 'clearing:paystack'
    WHEN 'flutterwave' THEN 'clearing:flutterwave'
    WHEN 'credit' THEN 'family_credit'
    ELSE 'bank' END
$$;
--> statement-breakpoint
-- Posts one balanced entry: `keys` name the accounts by system key, `amounts` their signed kobo
-- (debit positive); lines of zero are left out, and nothing is posted when all are zero. Every
-- posting goes through here.
CREATE FUNCTION "ledger_post"("for_school" uuid, "wanted" date, "from_source" text, "from_id" uuid, "memo" text,
  "keys" text[], "amounts" bigint[], "for_student" uuid, "for_fee" uuid) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  entry bigint;
  day date;
  posted integer;
BEGIN
  IF 0 = ALL(amounts) THEN
    RETURN NULL;
  END IF;
  INSERT INTO journal_entries (school_id, entry_date, source, source_id, memo)
  VALUES (for_school, wanted, from_source, from_id, memo) RETURNING id, entry_date INTO entry, day;
  INSERT INTO journal_lines (entry_id, school_id, account_id, entry_date, amount_kobo, student_id, fee_id)
  SELECT entry, for_school, a.id, day, k.amount, for_student, for_fee
  FROM unnest(keys, amounts) AS k(key, amount)
  JOIN ledger_accounts a ON a.school_id = for_school AND a.system_key = k.key
  WHERE k.amount <> 0;
  GET DIAGNOSTICS posted = ROW_COUNT;
  IF posted <> cardinality(array_remove(amounts, 0::bigint)) THEN
    RAISE EXCEPTION 'ledger: school % has no account for one of %', for_school, keys USING ERRCODE = '23503';
  END IF;
  RETURN entry;
END $$;
--> statement-breakpoint
-- The lines a statement writes: each entry's sum to zero (an entry's lines are written by one
-- statement; were they written by several, each part would balance, and so the whole), and each
-- account's day totals take them. Reading only the statement's own lines keeps the cost that of the
-- lines written; the day rows are taken in account order, so two postings never wait on each other
-- in a circle.
CREATE FUNCTION "journal_lines_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT a.entry_id INTO unbalanced FROM added a
  GROUP BY a.entry_id HAVING sum(a.amount_kobo) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance', unbalanced USING ERRCODE = '23514';
  END IF;
  INSERT INTO ledger_account_days AS d (account_id, day, school_id, debit_kobo, credit_kobo)
  SELECT a.account_id, a.entry_date, a.school_id,
    coalesce(sum(a.amount_kobo) FILTER (WHERE a.amount_kobo > 0), 0),
    coalesce(-sum(a.amount_kobo) FILTER (WHERE a.amount_kobo < 0), 0)
  FROM added a GROUP BY a.account_id, a.entry_date, a.school_id ORDER BY a.account_id, a.entry_date
  ON CONFLICT (account_id, day) DO UPDATE
    SET debit_kobo = d.debit_kobo + excluded.debit_kobo, credit_kobo = d.credit_kobo + excluded.credit_kobo;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_lines_written" AFTER INSERT ON "journal_lines"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "journal_lines_written"();
--> statement-breakpoint
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is never changed or deleted: post a correcting entry', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_append_only" BEFORE UPDATE OR DELETE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_period_closes_append_only" BEFORE UPDATE OR DELETE ON "ledger_period_closes"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
-- A closed period takes no entry dated in it: one dated there is dated on the first open day (its
-- lines are written after it, with its day). Read when the entry is written, so a close that
-- committed while the posting waited (a close holds off new entries until it commits) is seen.
CREATE FUNCTION "journal_entries_open_period"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.entry_date := ledger_open_day(NEW.school_id, NEW.entry_date);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_open_period" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_open_period"();
--> statement-breakpoint
-- A payment or refund credited (direction 1) or taken back from success (-1): the money's account
-- against the student's receivable on the fee.
CREATE FUNCTION "ledger_post_payment"("r" payments, "direction" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  signed bigint := direction * CASE WHEN r.kind = 'refund' THEN -r.amount_kobo ELSE r.amount_kobo END;
BEGIN
  PERFORM ledger_post(r.school_id,
    CASE WHEN direction = 1 THEN ledger_day(coalesce(r.paid_at, r.created_at)) ELSE ledger_day(now()) END,
    r.kind, r.id,
    concat_ws(' ', CASE WHEN direction = -1 THEN 'Reversed:' END,
      CASE WHEN r.kind = 'refund' THEN 'Refund' ELSE 'Payment' END, coalesce(r.receipt_no, r.reference)),
    ARRAY[ledger_money_account(r.method), 'receivable'], ARRAY[signed, -signed], r.student_id, r.fee_id);
END $$;
--> statement-breakpoint
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
  PERFORM ledger_post_payment(r, direction);
  PERFORM refresh_term_balances((SELECT term_id FROM fees WHERE id = r.fee_id), ARRAY[r.student_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An adjustment that starts or stops counting, or changes amount while it counts (`before_kobo` is
-- what counted before): a reduction (discount, scholarship, waiver) moves receivable to discounts, a
-- late fee charges receivable against late-fee income; only the difference is posted.
CREATE FUNCTION "ledger_post_adjustment"("r" fee_adjustments, "before_kobo" bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved bigint := CASE WHEN r.status = 'approved' THEN coalesce(r.amount_kobo, 0) ELSE 0 END - before_kobo;
BEGIN
  PERFORM ledger_post(r.school_id,
    ledger_day(CASE WHEN moved < 0 THEN coalesce(r.reversed_at, now()) ELSE coalesce(r.decided_at, r.created_at) END),
    'adjustment', r.id,
    concat_ws(' ', CASE WHEN moved < 0 THEN 'Reversed:' END, initcap(replace(r.kind, '_', ' ')), '-', r.reason),
    CASE WHEN r.kind = 'late_fee' THEN ARRAY['receivable', 'late_fee_income'] ELSE ARRAY['discounts', 'receivable'] END,
    ARRAY[moved, -moved], r.student_id, r.fee_id);
END $$;
--> statement-breakpoint
CREATE FUNCTION "fee_adjustments_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_adjustment(NEW,
    CASE WHEN TG_OP = 'UPDATE' AND OLD.status = 'approved' THEN coalesce(OLD.amount_kobo, 0) ELSE 0 END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "fee_adjustments_post" AFTER INSERT OR UPDATE ON "fee_adjustments"
  FOR EACH ROW EXECUTE FUNCTION "fee_adjustments_post"();
--> statement-breakpoint
-- Family credit: money kept for the family (an overpayment, a refund kept as credit) moves from the
-- account the payment's money sits in to the family's credit; credit paid back leaves through the
-- bank. Credit spent on a fee is posted by its `credit` payment, so `applied` posts nothing here.
CREATE FUNCTION "ledger_post_family_credit"("r" family_credit_entries) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  paid payments;
BEGIN
  IF r.kind IN ('overpayment', 'refund_to_credit') THEN
    SELECT * INTO paid FROM payments WHERE id = r.payment_id;
    PERFORM ledger_post(r.school_id, ledger_day(r.created_at), 'family_credit', r.id,
      concat_ws(' ', CASE r.kind WHEN 'overpayment' THEN 'Overpayment kept as credit' ELSE 'Refund kept as credit' END,
        coalesce(paid.receipt_no, paid.reference)),
      ARRAY[ledger_money_account(paid.method), 'family_credit'], ARRAY[r.amount_kobo, -r.amount_kobo], NULL, NULL);
  ELSIF r.kind = 'refunded' THEN
    PERFORM ledger_post(r.school_id, ledger_day(r.created_at), 'family_credit', r.id,
      concat_ws(' - ', 'Credit paid back', r.reason),
      ARRAY['family_credit', 'bank'], ARRAY[-r.amount_kobo, r.amount_kobo], NULL, NULL);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "family_credit_entries_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_family_credit(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "family_credit_entries_post" AFTER INSERT ON "family_credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "family_credit_entries_post"();
--> statement-breakpoint
-- An expense payout (or its reversal, a negative row): the expense's category against the money.
CREATE FUNCTION "ledger_post_payout"("r" expense_payouts) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(r.school_id, r.paid_on, 'payout', r.id,
    concat_ws(' ', CASE WHEN r.amount_kobo < 0 THEN 'Reversed:' END, 'Voucher', r.voucher_no, '-', r.payee_name),
    ARRAY['expense:' || (SELECT e.category FROM expenses e WHERE e.id = r.expense_id), ledger_money_account(r.method)],
    ARRAY[r.amount_kobo, -r.amount_kobo], NULL, NULL);
END $$;
--> statement-breakpoint
CREATE FUNCTION "expense_payouts_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_payout(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expense_payouts_post" AFTER INSERT ON "expense_payouts"
  FOR EACH ROW EXECUTE FUNCTION "expense_payouts_post"();
--> statement-breakpoint
-- Who is charged what in a term: each approved, active fee of the term and each active student of
-- its school it applies to (every student, those of its class arms, or those chosen), among
-- `p_students` when named. The term positions and the journal's charges both read this.
CREATE FUNCTION "term_fee_students"("p_term" uuid, "p_students" uuid[])
RETURNS TABLE("fee_id" uuid, "fee_type" text, "amount_kobo" bigint, "student_id" uuid, "school_id" uuid, "class_arm_id" uuid)
LANGUAGE sql STABLE AS $$
  SELECT f.id, f.type, f.amount_kobo, s.id, s.school_id, s.class_arm_id
  FROM fees f
  JOIN users s ON s.school_id = f.school_id AND 'Student' = ANY(s.roles) AND s.deleted_at IS NULL
    AND s.status = 'active' AND (p_students IS NULL OR s.id = ANY(p_students))
    AND (f.applies_to = 'school'
      OR (f.applies_to = 'classArms' AND EXISTS (
        SELECT 1 FROM fee_class_arms ca WHERE ca.fee_id = f.id AND ca.class_arm_id = s.class_arm_id))
      OR (f.applies_to = 'students' AND EXISTS (
        SELECT 1 FROM fee_students x WHERE x.fee_id = f.id AND x.student_id = s.id)))
  WHERE f.term_id = p_term AND f.status = 'approved' AND f.is_active AND f.deleted_at IS NULL
$$;--> statement-breakpoint
-- What each student is charged on each fee of a term (among `p_students` when named) follows who
-- the fee applies to: receivable against the fee type's income, only where it changed since the
-- last posting (`ledger_charges` keeps what is charged), in one entry per school. A term's fees are
-- charged on its first day, as its invoices go out, or today when they are set before it starts.
CREATE FUNCTION "ledger_post_charges"("p_term" uuid, "p_students" uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  among text := CASE WHEN p_students IS NULL THEN 'true' ELSE 'c.student_id = ANY($2)' END;
BEGIN
  EXECUTE format($q$
    WITH due AS (SELECT d.fee_id, d.student_id, d.amount_kobo FROM term_fee_students($1, $2) d),
    charged AS (SELECT c.fee_id, c.student_id, c.charged_kobo FROM ledger_charges c WHERE c.term_id = $1 AND %s),
    moved AS (
      SELECT coalesce(d.fee_id, c.fee_id) AS fee_id, coalesce(d.student_id, c.student_id) AS student_id,
        coalesce(d.amount_kobo, 0) AS due_kobo, coalesce(d.amount_kobo, 0) - coalesce(c.charged_kobo, 0) AS moved_kobo
      FROM due d FULL JOIN charged c ON c.fee_id = d.fee_id AND c.student_id = d.student_id
      WHERE coalesce(d.amount_kobo, 0) <> coalesce(c.charged_kobo, 0)
    ),
    lined AS (SELECT m.*, f.school_id, f.type FROM moved m JOIN fees f ON f.id = m.fee_id),
    entries AS (
      INSERT INTO journal_entries (school_id, entry_date, source, memo)
      SELECT s.school_id, least(t.start_date, ledger_day(now())), 'charge', concat_ws(' ', 'Fees charged', t.name)
      FROM (SELECT DISTINCT school_id FROM lined) s, terms t WHERE t.id = $1
      RETURNING id, school_id, entry_date
    ),
    lines AS (
      INSERT INTO journal_lines (entry_id, school_id, account_id, entry_date, amount_kobo, student_id, fee_id)
      SELECT e.id, e.school_id, a.id, e.entry_date, x.amount, l.student_id, l.fee_id
      FROM lined l
      JOIN entries e ON e.school_id = l.school_id
      CROSS JOIN LATERAL (VALUES ('receivable', l.moved_kobo), ('fee_income:' || l.type, -l.moved_kobo)) AS x(key, amount)
      JOIN ledger_accounts a ON a.school_id = l.school_id AND a.system_key = x.key
    )
    INSERT INTO ledger_charges AS c (fee_id, student_id, term_id, charged_kobo)
    SELECT fee_id, student_id, $1, due_kobo FROM lined
    ON CONFLICT (fee_id, student_id) DO UPDATE SET charged_kobo = excluded.charged_kobo, term_id = excluded.term_id
  $q$, among) USING p_term, p_students;
END $$;
--> statement-breakpoint
-- The term positions, as before, now reading who is charged what from term_fee_students.
CREATE OR REPLACE FUNCTION "refresh_term_balances"(p_term uuid, p_students uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  among text := CASE WHEN p_students IS NULL THEN 'true' ELSE 'b.student_id = ANY($2)' END;
BEGIN
  EXECUTE format($q$
    WITH fresh AS (
      SELECT $1::uuid AS term_id, c.student_id, c.school_id, c.class_arm_id, count(*)::int AS fees,
        sum(fee_owed(c.amount_kobo, a.reductions_kobo, a.late_fees_kobo, 0)) AS expected,
        sum(coalesce(p.paid_kobo, 0)) AS paid,
        sum(fee_owed(c.amount_kobo, a.reductions_kobo, a.late_fees_kobo, p.paid_kobo)) AS outstanding
      FROM term_fee_students($1, $2) c
      LEFT JOIN fee_student_paid p ON p.fee_id = c.fee_id AND p.student_id = c.student_id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind <> 'late_fee'), 0)::bigint AS reductions_kobo,
          coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind = 'late_fee'), 0)::bigint AS late_fees_kobo
        FROM fee_adjustments fa
        WHERE fa.fee_id = c.fee_id AND fa.student_id = c.student_id AND fa.status = 'approved') a ON true
      GROUP BY c.student_id, c.school_id, c.class_arm_id
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
  $q$, among)
  USING p_term, p_students;
END $$;
--> statement-breakpoint
-- What a fee asks of whom changed (its amount, approval or targets; a student's class arm, status
-- or school): the term positions and the journal's charges, together. A payment or an adjustment
-- moves only the positions (refresh_term_balances), never what is charged.
CREATE FUNCTION "refresh_term_charges"(p_term uuid, p_students uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_term_balances(p_term, p_students);
  PERFORM ledger_post_charges(p_term, p_students);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fees_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM refresh_term_charges(OLD.term_id, NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.term_id IS DISTINCT FROM OLD.term_id) THEN
    PERFORM refresh_term_charges(NEW.term_id, NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "fee_targets_refresh_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  term uuid;
BEGIN
  FOR term IN
    SELECT DISTINCT f.term_id FROM fees f
    WHERE f.id IN (SELECT fee_id FROM changed_targets) AND f.status = 'approved'
  LOOP
    PERFORM refresh_term_charges(term, NULL);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_students_balances"(p_students uuid[], p_schools uuid[]) RETURNS void
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
    PERFORM refresh_term_charges(term, p_students);
  END LOOP;
END $$;
--> statement-breakpoint
-- Where the journal and the records it was posted from disagree, by school (every school when
-- null): each entry balances and keeps its lines' school and day; each account's day totals add up
-- to its lines; each student's receivable on each
-- fee is what was charged, less reductions, plus late fees, less what was paid; each money account
-- holds what the payments, refunds, credit moves and payouts put there; family credit is the sum of
-- the family credit entries; each expense account the payouts of its category. Empty when all agree.
CREATE FUNCTION "ledger_disagreements"("for_school" uuid DEFAULT NULL)
RETURNS TABLE("school_id" uuid, "check_name" text, "detail" text, "journal_kobo" bigint, "records_kobo" bigint)
LANGUAGE sql STABLE AS $$
  WITH lines AS (
    SELECT l.*, a.system_key FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
    WHERE for_school IS NULL OR l.school_id = for_school
  ),
  entries AS (
    SELECT e.id, e.school_id, e.entry_date, coalesce(sum(l.amount_kobo), 0)::bigint AS total, count(l.id) AS lines,
      bool_and(l.school_id = e.school_id AND l.entry_date = e.entry_date) AS consistent
    FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
    WHERE for_school IS NULL OR e.school_id = for_school
    GROUP BY e.id
  ),
  success AS (
    SELECT p.*, CASE WHEN p.kind = 'refund' THEN -p.amount_kobo ELSE p.amount_kobo END AS signed
    FROM payments p WHERE p.status = 'success' AND (for_school IS NULL OR p.school_id = for_school)
  ),
  owed_records AS (
    SELECT k.school_id, k.fee_id, k.student_id, sum(k.kobo)::bigint AS kobo FROM (
      SELECT f.school_id, c.fee_id, c.student_id, c.charged_kobo AS kobo
      FROM ledger_charges c JOIN fees f ON f.id = c.fee_id
      UNION ALL
      SELECT a.school_id, a.fee_id, a.student_id,
        CASE WHEN a.kind = 'late_fee' THEN a.amount_kobo ELSE -a.amount_kobo END
      FROM fee_adjustments a WHERE a.status = 'approved' AND a.amount_kobo IS NOT NULL
      UNION ALL
      SELECT s.school_id, s.fee_id, s.student_id, -s.signed FROM success s
    ) k
    WHERE for_school IS NULL OR k.school_id = for_school
    GROUP BY k.school_id, k.fee_id, k.student_id
  ),
  owed_journal AS (
    SELECT l.school_id, l.fee_id, l.student_id, sum(l.amount_kobo)::bigint AS kobo
    FROM lines l WHERE l.system_key = 'receivable' GROUP BY l.school_id, l.fee_id, l.student_id
  ),
  money_records AS (
    SELECT m.school_id, m.key, sum(m.kobo)::bigint AS kobo FROM (
      SELECT s.school_id, ledger_money_account(s.method) AS key, s.signed AS kobo FROM success s
      UNION ALL
      SELECT c.school_id, ledger_money_account(p.method), c.amount_kobo
      FROM family_credit_entries c JOIN payments p ON p.id = c.payment_id
      WHERE c.kind IN ('overpayment', 'refund_to_credit')
      UNION ALL
      SELECT c.school_id, 'bank', c.amount_kobo FROM family_credit_entries c WHERE c.kind = 'refunded'
      UNION ALL
      SELECT o.school_id, ledger_money_account(o.method), -o.amount_kobo FROM expense_payouts o
    ) m
    WHERE m.key <> 'family_credit' AND (for_school IS NULL OR m.school_id = for_school)
    GROUP BY m.school_id, m.key
  ),
  money_journal AS (
    SELECT l.school_id, l.system_key AS key, sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key IN ('cash', 'bank') OR l.system_key LIKE 'clearing:%'
    GROUP BY l.school_id, l.system_key
  ),
  credit_records AS (
    SELECT c.school_id, sum(c.amount_kobo)::bigint AS kobo FROM family_credit_entries c
    WHERE for_school IS NULL OR c.school_id = for_school GROUP BY c.school_id
  ),
  credit_journal AS (
    SELECT l.school_id, -sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key = 'family_credit' GROUP BY l.school_id
  ),
  spent_records AS (
    SELECT o.school_id, 'expense:' || e.category AS key, sum(o.amount_kobo)::bigint AS kobo
    FROM expense_payouts o JOIN expenses e ON e.id = o.expense_id
    WHERE for_school IS NULL OR o.school_id = for_school GROUP BY o.school_id, e.category
  ),
  spent_journal AS (
    SELECT l.school_id, l.system_key AS key, sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key LIKE 'expense:%' GROUP BY l.school_id, l.system_key
  ),
  account_lines AS (
    SELECT l.school_id, l.account_id, sum(l.amount_kobo)::bigint AS kobo FROM lines l GROUP BY l.school_id, l.account_id
  ),
  account_days AS (
    SELECT d.school_id, d.account_id, sum(d.debit_kobo - d.credit_kobo)::bigint AS kobo FROM ledger_account_days d
    WHERE for_school IS NULL OR d.school_id = for_school GROUP BY d.school_id, d.account_id
  )
  SELECT e.school_id, 'entry', 'entry ' || e.id || CASE WHEN e.lines < 2 THEN ' has fewer than two lines'
      WHEN NOT e.consistent THEN ' has lines of another school or day' ELSE ' does not balance' END,
    e.total, 0::bigint
  FROM entries e WHERE e.total <> 0 OR e.lines < 2 OR NOT e.consistent
  UNION ALL
  SELECT coalesce(j.school_id, r.school_id), 'receivable',
    'student ' || coalesce(j.student_id, r.student_id) || ' fee ' || coalesce(j.fee_id, r.fee_id),
    coalesce(j.kobo, 0), coalesce(r.kobo, 0)
  FROM owed_journal j FULL JOIN owed_records r
    ON r.school_id = j.school_id AND r.fee_id = j.fee_id AND r.student_id = j.student_id
  WHERE coalesce(j.kobo, 0) <> coalesce(r.kobo, 0)
  UNION ALL
  SELECT coalesce(j.school_id, r.school_id), 'money', coalesce(j.key, r.key), coalesce(j.kobo, 0), coalesce(r.kobo, 0)
  FROM money_journal j FULL JOIN money_records r ON r.school_id = j.school_id AND r.key = j.key
  WHERE coalesce(j.kobo, 0) <> coalesce(r.kobo, 0)
  UNION ALL
  SELECT coalesce(j.school_id, r.school_id), 'family_credit', 'family credit', coalesce(j.kobo, 0), coalesce(r.kobo, 0)
  FROM credit_journal j FULL JOIN credit_records r ON r.school_id = j.school_id
  WHERE coalesce(j.kobo, 0) <> coalesce(r.kobo, 0)
  UNION ALL
  SELECT coalesce(j.school_id, r.school_id), 'expense', coalesce(j.key, r.key), coalesce(j.kobo, 0), coalesce(r.kobo, 0)
  FROM spent_journal j FULL JOIN spent_records r ON r.school_id = j.school_id AND r.key = j.key
  WHERE coalesce(j.kobo, 0) <> coalesce(r.kobo, 0)
  UNION ALL
  SELECT coalesce(j.school_id, d.school_id), 'account', 'account ' || coalesce(j.account_id, d.account_id) || ' day totals',
    coalesce(j.kobo, 0), coalesce(d.kobo, 0)
  FROM account_lines j FULL JOIN account_days d ON d.account_id = j.account_id
  WHERE coalesce(j.kobo, 0) <> coalesce(d.kobo, 0)
$$;
--> statement-breakpoint
-- Posts whatever was recorded without being posted, in the order it happened, through the same
-- functions that post from now on: what each term's fees charge, then payments and refunds, adjustments, family credit and payouts
-- with no entry yet. The migration posts the history with it; a bulk load that writes payments with
-- their trigger off (the demo's history, the bench's data set) calls it after. Posting what is
-- already posted posts nothing.
CREATE FUNCTION "ledger_post_missing"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_charges(t.id, NULL)
  FROM terms t WHERE EXISTS (SELECT 1 FROM fees f WHERE f.term_id = t.id AND f.status = 'approved')
  ORDER BY t.start_date;
  PERFORM ledger_post_payment(p, 1) FROM payments p
  WHERE p.status = 'success' AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_id = p.id)
  ORDER BY coalesce(p.paid_at, p.created_at), p.id;
  PERFORM ledger_post_adjustment(a, 0) FROM fee_adjustments a
  WHERE a.status = 'approved' AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_id = a.id)
  ORDER BY coalesce(a.decided_at, a.created_at), a.id;
  PERFORM ledger_post_family_credit(c) FROM family_credit_entries c
  WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_id = c.id)
  ORDER BY c.created_at, c.id;
  PERFORM ledger_post_payout(o) FROM expense_payouts o
  WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.source_id = o.id)
  ORDER BY o.paid_on, o.created_at, o.id;
END $$;
--> statement-breakpoint
SELECT ledger_post_missing();
