-- Providers' settlements: what Paystack (or Flutterwave) paid out to the school's bank for a day's
-- collections, net of its charges, and the statement line it arrived as. Matching the two posts the
-- money from the provider's clearing account to the bank and the charges to their expense account.
CREATE TABLE "provider_settlements" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "school_id" uuid NOT NULL REFERENCES "schools"("id"),
  "provider" text NOT NULL,
  "provider_settlement_id" text NOT NULL,
  "settled_on" date NOT NULL,
  "currency" text NOT NULL,
  "status" text NOT NULL,
  "gross_kobo" bigint NOT NULL,
  "charges_kobo" bigint NOT NULL,
  "net_kobo" bigint NOT NULL,
  "transaction_count" integer NOT NULL,
  "recorded_kobo" bigint NOT NULL,
  "recorded_count" integer NOT NULL,
  "banked_kobo" bigint NOT NULL,
  "unrecorded" jsonb NOT NULL,
  "bank_line_id" uuid REFERENCES "bank_statement_lines"("id"),
  "matched_by" uuid REFERENCES "users"("id"),
  "matched_at" timestamp with time zone,
  "fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "provider_settlements_provider" CHECK ("provider" IN ('paystack', 'flutterwave')),
  CONSTRAINT "provider_settlements_amounts" CHECK ("gross_kobo" >= 0 AND "charges_kobo" >= 0 AND "net_kobo" >= 0 AND "banked_kobo" >= 0),
  CONSTRAINT "provider_settlements_matched" CHECK (("bank_line_id" IS NULL) = ("matched_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_settlements_once_uq" ON "provider_settlements" USING btree ("school_id", "provider", "provider_settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_settlements_line_uq" ON "provider_settlements" USING btree ("bank_line_id") WHERE "bank_line_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_settlements_day_idx" ON "provider_settlements" USING btree ("school_id", "settled_on");--> statement-breakpoint
-- A statement line that reads as a provider paying out its collections (set aside, never a family's payment).
ALTER TABLE "bank_statement_lines" ADD COLUMN "settlement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "bank_statement_lines" SET "settlement" = true WHERE "note" LIKE 'A payment provider''s settlement%';--> statement-breakpoint
CREATE INDEX "bank_statement_lines_settlement_idx" ON "bank_statement_lines" USING btree ("school_id", "booked_on") WHERE "settlement";--> statement-breakpoint
-- A matched settlement: the bank received the net, the provider kept its charges, and the provider's
-- clearing account gives up what it held for them. What a settlement pays out of transfers into
-- families' own accounts (`banked_kobo`) is already in the bank: those payments post there.
CREATE FUNCTION "ledger_post_settlement"("s" provider_settlements) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post(s.school_id,
    (SELECT l.booked_on FROM bank_statement_lines l WHERE l.id = s.bank_line_id),
    'settlement', s.id,
    concat(initcap(s.provider), ' settlement ', s.provider_settlement_id),
    ARRAY['bank', 'provider_charges', 'clearing:' || s.provider],
    ARRAY[s.net_kobo - s.banked_kobo, s.charges_kobo, s.banked_kobo - s.net_kobo - s.charges_kobo],
    NULL, NULL);
END $$;
--> statement-breakpoint
-- A settlement is matched once, to one line, and its amounts stay what was matched.
CREATE FUNCTION "provider_settlements_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.bank_line_id IS NOT NULL AND (NEW.bank_line_id IS DISTINCT FROM OLD.bank_line_id
      OR (NEW.net_kobo, NEW.charges_kobo, NEW.banked_kobo) IS DISTINCT FROM (OLD.net_kobo, OLD.charges_kobo, OLD.banked_kobo)) THEN
    RAISE EXCEPTION 'settlement % is matched already', OLD.id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "provider_settlements_guard" BEFORE UPDATE ON "provider_settlements"
  FOR EACH ROW EXECUTE FUNCTION "provider_settlements_guard"();
--> statement-breakpoint
CREATE FUNCTION "provider_settlements_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_settlement(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "provider_settlements_post" AFTER UPDATE OF "bank_line_id" ON "provider_settlements"
  FOR EACH ROW WHEN (OLD.bank_line_id IS NULL AND NEW.bank_line_id IS NOT NULL)
  EXECUTE FUNCTION "provider_settlements_post"();
--> statement-breakpoint
-- Where the journal and its records disagree, now with settlements among the money's moves and
-- the providers' charges among the expenses.
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
      SELECT s.school_id, ledger_money_account(s.method) AS key, s.signed AS kobo FROM success s
      UNION ALL
      SELECT c.school_id, ledger_money_account(p.method), c.amount_kobo
      FROM family_credit_entries c JOIN payments p ON p.id = c.payment_id
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
    SELECT k.school_id, k.key, sum(k.kobo)::bigint AS kobo FROM (
      SELECT o.school_id, 'expense:' || e.category AS key, o.amount_kobo AS kobo
      FROM expense_payouts o JOIN expenses e ON e.id = o.expense_id
      UNION ALL
      SELECT s.school_id, 'provider_charges', s.charges_kobo FROM provider_settlements s WHERE s.bank_line_id IS NOT NULL
    ) k
    WHERE for_school IS NULL OR k.school_id = for_school GROUP BY k.school_id, k.key
  ),
  spent_journal AS (
    SELECT l.school_id, l.system_key AS key, sum(l.amount_kobo)::bigint AS kobo FROM lines l
    WHERE l.system_key LIKE 'expense:%' OR l.system_key = 'provider_charges' GROUP BY l.school_id, l.system_key
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
