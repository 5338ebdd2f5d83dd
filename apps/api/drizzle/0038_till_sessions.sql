-- Till sessions: a bursar's drawer at a desk, opened with a float counted by note and coin,
-- taking the cash the bursar records while it is open, counted and closed, confirmed by a second
-- person and banked. The till is an account of its own in the books: "Cash in till".
CREATE TABLE "till_sessions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "desk" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "opened_by" uuid NOT NULL REFERENCES "users"("id"),
  "opened_at" timestamp with time zone DEFAULT now() NOT NULL,
  "float_count" jsonb NOT NULL,
  "float_kobo" bigint NOT NULL,
  "closed_count" jsonb,
  "counted_kobo" bigint,
  "expected_kobo" bigint,
  "variance_kobo" bigint,
  "variance_reason" text,
  "closed_by" uuid REFERENCES "users"("id"),
  "closed_at" timestamp with time zone,
  "confirmed_by" uuid REFERENCES "users"("id"),
  "confirmed_at" timestamp with time zone,
  "deposit_slip_no" text,
  "bank_name" text,
  "banked_kobo" bigint,
  "banked_by" uuid REFERENCES "users"("id"),
  "banked_at" timestamp with time zone,
  CONSTRAINT "till_sessions_status" CHECK ("status" IN ('open', 'closing', 'closed', 'banked')),
  CONSTRAINT "till_sessions_amounts" CHECK ("float_kobo" >= 0 AND coalesce("counted_kobo", 0) >= 0
    AND ("banked_kobo" IS NULL OR ("banked_kobo" > 0 AND "banked_kobo" <= "counted_kobo"))),
  CONSTRAINT "till_sessions_counted" CHECK (("status" = 'open') = ("closed_at" IS NULL)
    AND ("status" = 'open' OR ("counted_kobo" IS NOT NULL AND "expected_kobo" IS NOT NULL
      AND "variance_kobo" = "counted_kobo" - "expected_kobo" AND "closed_by" IS NOT NULL))),
  CONSTRAINT "till_sessions_confirmed" CHECK (("status" IN ('closed', 'banked')) = ("confirmed_at" IS NOT NULL)
    AND ("confirmed_at" IS NULL OR "confirmed_by" IS NOT NULL)),
  CONSTRAINT "till_sessions_banked" CHECK (("status" = 'banked') = ("banked_at" IS NOT NULL)
    AND ("banked_at" IS NULL OR ("banked_by" IS NOT NULL AND "banked_kobo" IS NOT NULL
      AND "deposit_slip_no" IS NOT NULL AND "bank_name" IS NOT NULL)))
);
--> statement-breakpoint
-- One open till per bursar per school.
CREATE UNIQUE INDEX "till_sessions_one_open_uq" ON "till_sessions" USING btree ("school_id", "opened_by") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "till_sessions_school_idx" ON "till_sessions" USING btree ("school_id", "opened_at");--> statement-breakpoint
-- The till a cash payment was taken into (or a refund paid out of), when there was one.
ALTER TABLE "payments" ADD COLUMN "till_session_id" uuid REFERENCES "till_sessions"("id");--> statement-breakpoint
CREATE INDEX "payments_till_session_idx" ON "payments" USING btree ("till_session_id") WHERE "till_session_id" IS NOT NULL;--> statement-breakpoint
-- A till moves forward only (open, counted, confirmed, banked), and what was counted stays counted.
CREATE FUNCTION "till_sessions_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF array_position(ARRAY['open', 'closing', 'closed', 'banked'], NEW.status)
      < array_position(ARRAY['open', 'closing', 'closed', 'banked'], OLD.status)
    OR (NEW.float_kobo, NEW.float_count, NEW.school_id, NEW.opened_by, NEW.opened_at)
      IS DISTINCT FROM (OLD.float_kobo, OLD.float_count, OLD.school_id, OLD.opened_by, OLD.opened_at)
    OR (OLD.status <> 'open' AND (NEW.counted_kobo, NEW.expected_kobo, NEW.variance_kobo, NEW.closed_count)
      IS DISTINCT FROM (OLD.counted_kobo, OLD.expected_kobo, OLD.variance_kobo, OLD.closed_count))
    OR (OLD.status = 'banked' AND NEW IS DISTINCT FROM OLD) THEN
    RAISE EXCEPTION 'till session % cannot be changed that way', OLD.id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "till_sessions_guard" BEFORE UPDATE ON "till_sessions"
  FOR EACH ROW EXECUTE FUNCTION "till_sessions_guard"();
--> statement-breakpoint
-- Cash recorded by a bursar with an open till at the school goes into it; a cash refund of a payment
-- whose till is still open is paid out of that till. The till row is shared, so a close (which
-- takes it for update) waits for the payments under way and the next ones find it closing.
CREATE FUNCTION "payments_till"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.till_session_id IS NULL AND NEW.method = 'cash' AND NEW.status = 'success' THEN
    IF NEW.kind = 'payment' AND NEW.initiated_by IS NOT NULL THEN
      SELECT t.id INTO NEW.till_session_id FROM till_sessions t
      WHERE t.school_id = NEW.school_id AND t.opened_by = NEW.initiated_by AND t.status = 'open'
      FOR SHARE;
    ELSIF NEW.kind = 'refund' AND NEW.refund_of IS NOT NULL THEN
      SELECT t.id INTO NEW.till_session_id FROM payments p JOIN till_sessions t ON t.id = p.till_session_id
      WHERE p.id = NEW.refund_of AND t.status = 'open'
      FOR SHARE OF t;
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_till" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_till"();
--> statement-breakpoint
-- The till's accounts: the cash in it, and what a count finds over or short.
INSERT INTO "ledger_default_accounts" ("system_key", "code", "name", "type") VALUES
  ('till', '1005', 'Cash in till', 'asset'),
  ('cash_over_short', '5910', 'Cash over and short', 'expense');
--> statement-breakpoint
-- Every school opens them now; where an accountant already used the code, the account takes the
-- code with "-T" (they renumber it as they like: the system key is what postings use).
INSERT INTO "ledger_accounts" ("school_id", "code", "name", "type", "system_key")
SELECT s.id,
  CASE WHEN EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.school_id = s.id AND a.code = d.code)
    THEN d.code || '-T' ELSE d.code END,
  d.name, d.type, d.system_key
FROM schools s CROSS JOIN ledger_default_accounts d
WHERE d.system_key IN ('till', 'cash_over_short')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The account a payment's money sits in: its till when it was taken into one, else its method's.
CREATE FUNCTION "ledger_payment_account"("r" payments) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN r.till_session_id IS NOT NULL THEN 'till' ELSE ledger_money_account(r.method) END
$$;
--> statement-breakpoint
-- The account money kept as family credit leaves: an overpayment's own, or for a refund kept as
-- credit, the account its refund row gave the money back from.
CREATE FUNCTION "ledger_credit_money_account"("c" family_credit_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT ledger_payment_account(f) FROM payments f
     WHERE c.kind = 'refund_to_credit' AND f.refund_of = c.payment_id AND f.kind = 'refund' AND f.status <> 'failed'
     ORDER BY f.created_at DESC LIMIT 1),
    (SELECT ledger_payment_account(p) FROM payments p WHERE p.id = c.payment_id))
$$;
--> statement-breakpoint
-- As 0026, with cash taken into a till posted to the till.
CREATE OR REPLACE FUNCTION "ledger_post_payment"("r" payments, "direction" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  signed bigint := direction * CASE WHEN r.kind = 'refund' THEN -r.amount_kobo ELSE r.amount_kobo END;
BEGIN
  PERFORM ledger_post(r.school_id,
    CASE WHEN direction = 1 THEN ledger_day(coalesce(r.paid_at, r.created_at)) ELSE ledger_day(now()) END,
    r.kind, r.id,
    concat_ws(' ', CASE WHEN direction = -1 THEN 'Reversed:' END,
      CASE WHEN r.kind = 'refund' THEN 'Refund' ELSE 'Payment' END, coalesce(r.receipt_no, r.reference)),
    ARRAY[ledger_payment_account(r), 'receivable'], ARRAY[signed, -signed], r.student_id, r.fee_id);
END $$;
--> statement-breakpoint
-- As 0026, with the money's account read through ledger_credit_money_account.
CREATE OR REPLACE FUNCTION "ledger_post_family_credit"("r" family_credit_entries) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  paid payments;
BEGIN
  IF r.kind IN ('overpayment', 'refund_to_credit') THEN
    SELECT * INTO paid FROM payments WHERE id = r.payment_id;
    PERFORM ledger_post(r.school_id, ledger_day(r.created_at), 'family_credit', r.id,
      concat_ws(' ', CASE r.kind WHEN 'overpayment' THEN 'Overpayment kept as credit' ELSE 'Refund kept as credit' END,
        coalesce(paid.receipt_no, paid.reference)),
      ARRAY[ledger_credit_money_account(r), 'family_credit'], ARRAY[r.amount_kobo, -r.amount_kobo], NULL, NULL);
  ELSIF r.kind = 'refunded' THEN
    PERFORM ledger_post(r.school_id, ledger_day(r.created_at), 'family_credit', r.id,
      concat_ws(' - ', 'Credit paid back', r.reason),
      ARRAY['family_credit', 'bank'], ARRAY[-r.amount_kobo, r.amount_kobo], NULL, NULL);
  END IF;
END $$;
--> statement-breakpoint
-- A till opened: its float comes out of the cash on hand (the safe) into the till.
CREATE FUNCTION "ledger_post_till_float"("s" till_sessions) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(s.school_id, ledger_day(s.opened_at), 'till', s.id,
    concat('Till float, ', s.desk), ARRAY['till', 'cash'], ARRAY[s.float_kobo, -s.float_kobo], NULL, NULL);
END $$;
--> statement-breakpoint
-- A close confirmed: what the count found over (or short of) what was expected, against the till.
CREATE FUNCTION "ledger_post_till_variance"("s" till_sessions) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(s.school_id, ledger_day(s.confirmed_at), 'till', s.id,
    concat_ws(' ', CASE WHEN s.variance_kobo < 0 THEN 'Till short,' ELSE 'Till over,' END, s.desk,
      '-', s.variance_reason),
    ARRAY['till', 'cash_over_short'], ARRAY[s.variance_kobo, -s.variance_kobo], NULL, NULL);
END $$;
--> statement-breakpoint
-- A till banked: the amount on the deposit slip goes to the bank, the rest of what was counted (the
-- float kept back) to the cash on hand, and the till is empty.
CREATE FUNCTION "ledger_post_till_banking"("s" till_sessions) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(s.school_id, ledger_day(s.banked_at), 'till', s.id,
    concat('Till banked, ', s.desk, ', slip ', s.deposit_slip_no),
    ARRAY['bank', 'cash', 'till'], ARRAY[s.banked_kobo, s.counted_kobo - s.banked_kobo, -s.counted_kobo], NULL, NULL);
END $$;
--> statement-breakpoint
CREATE FUNCTION "till_sessions_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_post_till_float(NEW);
  ELSIF OLD.status = 'closing' AND NEW.status = 'closed' THEN
    PERFORM ledger_post_till_variance(NEW);
  ELSIF OLD.status = 'closed' AND NEW.status = 'banked' THEN
    PERFORM ledger_post_till_banking(NEW);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "till_sessions_post" AFTER INSERT OR UPDATE OF "status" ON "till_sessions"
  FOR EACH ROW EXECUTE FUNCTION "till_sessions_post"();
--> statement-breakpoint
-- Where the journal and its records disagree (as 0034), now with cash in tills: payments taken
-- into a till and refunds paid out of one in the till, each till's float, confirmed variance and
-- banking among the money's moves, and the variances in Cash over and short.
CREATE OR REPLACE FUNCTION "ledger_disagreements"("for_school" uuid DEFAULT NULL)
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
      SELECT s.school_id, CASE WHEN s.till_session_id IS NOT NULL THEN 'till' ELSE ledger_money_account(s.method) END AS key,
        s.signed AS kobo FROM success s
      UNION ALL
      SELECT c.school_id, ledger_credit_money_account(c), c.amount_kobo
      FROM family_credit_entries c
      WHERE c.kind IN ('overpayment', 'refund_to_credit')
      UNION ALL
      SELECT c.school_id, 'bank', c.amount_kobo FROM family_credit_entries c WHERE c.kind = 'refunded'
      UNION ALL
      SELECT o.school_id, ledger_money_account(o.method), -o.amount_kobo FROM expense_payouts o
      UNION ALL
      SELECT s.school_id, 'bank', s.net_kobo - s.banked_kobo FROM provider_settlements s WHERE s.bank_line_id IS NOT NULL
      UNION ALL
      SELECT s.school_id, 'clearing:' || s.provider, s.banked_kobo - s.net_kobo - s.charges_kobo
      FROM provider_settlements s WHERE s.bank_line_id IS NOT NULL
      UNION ALL
      SELECT t.school_id, x.key, x.kobo FROM till_sessions t
      CROSS JOIN LATERAL (VALUES
        ('till', t.float_kobo), ('cash', -t.float_kobo),
        ('till', CASE WHEN t.status IN ('closed', 'banked') THEN t.variance_kobo ELSE 0 END),
        ('till', CASE WHEN t.status = 'banked' THEN -t.counted_kobo ELSE 0 END),
        ('cash', CASE WHEN t.status = 'banked' THEN t.counted_kobo - t.banked_kobo ELSE 0 END),
        ('bank', CASE WHEN t.status = 'banked' THEN t.banked_kobo ELSE 0 END)) AS x(key, kobo)
    ) m
    WHERE m.key <> 'family_credit' AND (for_school IS NULL OR m.school_id = for_school)
    GROUP BY m.school_id, m.key
  ),
  money_journal AS (
    SELECT l.school_id, l.system_key AS key, sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key IN ('cash', 'bank', 'till') OR l.system_key LIKE 'clearing:%'
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
    SELECT k.school_id, k.key, sum(k.kobo)::bigint AS kobo FROM (
      SELECT o.school_id, 'expense:' || e.category AS key, o.amount_kobo AS kobo
      FROM expense_payouts o JOIN expenses e ON e.id = o.expense_id
      UNION ALL
      SELECT s.school_id, 'provider_charges', s.charges_kobo FROM provider_settlements s WHERE s.bank_line_id IS NOT NULL
      UNION ALL
      SELECT t.school_id, 'cash_over_short', -t.variance_kobo FROM till_sessions t WHERE t.status IN ('closed', 'banked')
    ) k
    WHERE for_school IS NULL OR k.school_id = for_school GROUP BY k.school_id, k.key
  ),
  spent_journal AS (
    SELECT l.school_id, l.system_key AS key, sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key LIKE 'expense:%' OR l.system_key IN ('provider_charges', 'cash_over_short') GROUP BY l.school_id, l.system_key
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
