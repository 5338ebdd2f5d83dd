-- A family's submission at the desk pays several fees in one statement (take_lines_at_once), and
-- take_at_once's refusal of more than is owed names the payment it refused (its id, as the hint), so
-- the app can word the refusal of whichever line it was.

CREATE OR REPLACE FUNCTION "take_at_once"(
  "p_id" uuid, "p_school" uuid, "p_student" uuid, "p_fee" uuid, "p_amount" bigint, "p_method" text,
  "p_reference" text, "p_initiated_by" uuid, "p_idempotency_key" uuid, "p_notes" text, "p_paid_at" timestamptz,
  "p_receipt_year" text, "p_token" text, "p_audit" jsonb, "p_notices" jsonb, "p_changes" jsonb, "p_emails" jsonb,
  "p_held" boolean)
RETURNS TABLE ("owed_before" bigint, "payment" payments) LANGUAGE plpgsql AS $$
DECLARE
  fee fees;
  owed bigint;
  credited payments;
BEGIN
  IF p_held THEN
    SELECT * INTO fee FROM fees WHERE id = p_fee AND deleted_at IS NULL;
  ELSE
    PERFORM student_fee_turn(p_fee, p_student);
    SELECT * INTO fee FROM fees WHERE id = p_fee AND deleted_at IS NULL FOR SHARE;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such fee' USING ERRCODE = 'SL404';
  END IF;
  IF fee.status <> 'approved' OR NOT fee.is_active THEN
    RAISE EXCEPTION 'fee not payable' USING ERRCODE = 'SL422';
  END IF;
  owed := student_fee_owed(p_fee, p_student, fee.amount_kobo);
  IF owed = 0 THEN
    RAISE EXCEPTION 'nothing owed' USING ERRCODE = 'SL409';
  END IF;
  IF p_amount > owed THEN
    RAISE EXCEPTION 'more than is owed' USING ERRCODE = 'SL413', DETAIL = owed::text, HINT = p_id::text;
  END IF;
  INSERT INTO payments (id, school_id, student_id, fee_id, amount_kobo, status, method, reference, currency,
    is_installment, initiated_by, idempotency_key, notes, paid_at, verified_at, channel, receipt_no)
  VALUES (p_id, p_school, p_student, p_fee, p_amount, 'success', p_method, p_reference, 'NGN', p_amount < owed,
    p_initiated_by, p_idempotency_key, p_notes, p_paid_at, p_paid_at, p_method, next_receipt_no(p_school, p_receipt_year))
  RETURNING * INTO credited;
  PERFORM record_audit(replace(p_audit::text, p_token, credited.receipt_no)::jsonb);
  PERFORM deliver_notices(replace(p_notices::text, p_token, credited.receipt_no)::jsonb, p_changes,
    replace(p_emails::text, p_token, credited.receipt_no)::jsonb);
  RETURN QUERY SELECT owed, credited;
END $$;
--> statement-breakpoint
-- Several payments taken at once in one transaction (a family's submission at the desk), each line
-- as take_at_once takes one, in the order given. The fee rows are held first, exclusively, in the
-- order of their ids (modules/ledger/lock-order.ts, step 1, as `holdFees` holds them), so each line
-- takes no turn of its own (`p_held`) and lines of the same student and fee each see the ones before.
-- `p_lines` is an array of objects naming take_at_once's parameters without their `p_`. One
-- refused line refuses them all, with take_at_once's code.
CREATE FUNCTION "take_lines_at_once"("p_lines" jsonb)
RETURNS TABLE ("line" integer, "owed_before" bigint, "payment" payments) LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  PERFORM 1 FROM fees
  WHERE id IN (SELECT (e ->> 'fee')::uuid FROM jsonb_array_elements(p_lines) e) AND deleted_at IS NULL
  ORDER BY id FOR UPDATE;
  FOR l IN
    SELECT x.*, o.n::integer AS n
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS o(e, n),
      jsonb_to_record(o.e) AS x(id uuid, school uuid, student uuid, fee uuid, amount bigint, method text,
        reference text, initiated_by uuid, idempotency_key uuid, notes text, paid_at timestamptz,
        receipt_year text, token text, audit jsonb, notices jsonb, changes jsonb, emails jsonb)
    ORDER BY o.n
  LOOP
    RETURN QUERY SELECT l.n - 1, t.owed_before, t.payment
    FROM take_at_once(l.id, l.school, l.student, l.fee, l.amount, l.method, l.reference, l.initiated_by,
      l.idempotency_key, l.notes, l.paid_at, l.receipt_year, l.token, l.audit, l.notices, l.changes, l.emails, true) t;
  END LOOP;
END $$;
