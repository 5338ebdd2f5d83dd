-- Money taken at once (cash at the desk, a family's credit) is posted by one function, take_at_once:
-- the locks, the checks on what is owed, the receipt number, the row, its audit row and its notices
-- in one round trip, so a school's receipt counter is held for microseconds of the database's own
-- work instead of the network round trips between the credit and the commit. The writers it shares
-- with the rest of the app (a student's turn on a fee, an audit row, notices with their pushes and
-- emails, emails alone) are functions too, which the app calls, so each is written once.

-- A student's turn on a fee (modules/ledger/lock-order.ts, step 1). The ids are compared as uuids:
-- the same fee asked for in capitals takes the same turn.
CREATE FUNCTION "student_fee_turn"("p_fee" uuid, "p_student" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(p_fee::text || ':' || p_student::text, 0))
$$;
--> statement-breakpoint
-- What a student still owes on a fee of `p_amount`: approved reductions and late fees, money paid
-- net of refunds (fee_student_paid), as modules/fees/fee-ledger.queries.ts reads them.
CREATE FUNCTION "student_fee_owed"("p_fee" uuid, "p_student" uuid, "p_amount" bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT fee_owed(p_amount, a.reductions_kobo, a.late_fees_kobo,
    (SELECT paid_kobo FROM fee_student_paid WHERE fee_id = p_fee AND student_id = p_student))
  FROM (
    SELECT coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind <> 'late_fee'), 0)::bigint AS reductions_kobo,
      coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind = 'late_fee'), 0)::bigint AS late_fees_kobo
    FROM fee_adjustments fa
    WHERE fa.fee_id = p_fee AND fa.student_id = p_student AND fa.status = 'approved') a
$$;
--> statement-breakpoint
-- One audit row (modules/audit/audit.queries.ts builds it); the chain trigger links it. A `before` or
-- `after` of JSON null is no value, as the app has always stored it.
CREATE FUNCTION "record_audit"("p" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_logs (category, severity, actor_id, ip, user_agent, action, entity, entity_id, school_id,
    group_school_id, before, after)
  SELECT a.category, a.severity, a."actorId", a.ip, a."userAgent", a.action, a.entity, a."entityId", a."schoolId",
    a."groupSchoolId", nullif(p -> 'before', 'null'), nullif(p -> 'after', 'null')
  FROM jsonb_to_record(p) AS a(category text, severity text, "actorId" uuid, ip inet, "userAgent" text, action text,
    entity text, "entityId" uuid, "schoolId" uuid, "groupSchoolId" uuid)
$$;
--> statement-breakpoint
-- Emails for the outbox (modules/email/mailer.ts decides each one's status and first attempt).
CREATE FUNCTION "queue_emails"("p_emails" jsonb) RETURNS SETOF uuid LANGUAGE sql AS $$
  INSERT INTO email_outbox (school_id, group_school_id, template_id, priority, "to", subject, text, html, sensitive,
    sent_by, report_run_id, status, next_attempt_at)
  SELECT "schoolId", "groupSchoolId", "templateId", priority, "to", subject, text, html, sensitive, "sentBy",
    "reportRunId", status, "nextAttemptAt"
  FROM jsonb_to_recordset(p_emails) AS e("schoolId" uuid, "groupSchoolId" uuid, "templateId" text, priority text,
    "to" text, subject text, text text, html text, sensitive boolean, "sentBy" uuid, "reportRunId" uuid, status text,
    "nextAttemptAt" timestamptz)
  RETURNING id
$$;
--> statement-breakpoint
-- Notices (modules/notifications/notifications.service.ts composes them), each pushed to the open
-- pages of its person as it is on the wire (`push`, completed here with its seq and time), then the
-- `p_changes` pushes (a school's staff refresh), then the emails. PostgreSQL sends the pushes at the
-- commit, never on a rollback.
CREATE FUNCTION "deliver_notices"("p_notices" jsonb, "p_changes" jsonb, "p_emails" jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  pushes jsonb;
BEGIN
  WITH inserted AS (
    INSERT INTO notifications (id, user_id, school_id, kind, type, title, message, action_url, metadata, created_by)
    SELECT id, "userId", "schoolId", kind, type, title, message, "actionUrl", metadata, "createdBy"
    FROM jsonb_to_recordset(p_notices) AS n(id uuid, "userId" uuid, "schoolId" uuid, kind text, type text, title text,
      message text, "actionUrl" text, metadata jsonb, "createdBy" uuid)
    RETURNING id, seq, created_at
  )
  SELECT jsonb_agg(jsonb_set(jsonb_set(n.push, '{notification,seq}', to_jsonb(i.seq)), '{notification,timestamp}',
      to_jsonb(to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) ORDER BY i.seq)
  INTO pushes
  FROM inserted i JOIN jsonb_to_recordset(p_notices) AS n(id uuid, push jsonb) ON n.id = i.id;
  PERFORM pg_notify('notifications', value::text)
  FROM jsonb_array_elements(coalesce(pushes, '[]'::jsonb) || coalesce(p_changes, '[]'::jsonb));
  PERFORM queue_emails(p_emails);
END $$;
--> statement-breakpoint
-- Money taken at once, in the order of modules/ledger/lock-order.ts: the student's turn on the fee and
-- the fee row shared (step 1), unless the caller's transaction holds the fee row already (`p_held`:
-- the paths that pay several fees at once hold them exclusively, by id, before any; taking a turn
-- after the row would wait in a circle with a desk that holds the turn and waits for the row); the fee payable, something owed and no more than is owed; then the row,
-- credited, with the school's next receipt number (step 3, held to the commit), its `payment.credit`
-- audit row and its notices. What the app composed before the number existed carries `p_token` where
-- the number goes. The refusals are coded for the app: SL404 no such fee, SL422 not payable, SL409
-- nothing owed, SL413 more than is owed (its detail: what is owed, in kobo).
CREATE FUNCTION "take_at_once"(
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
    RAISE EXCEPTION 'more than is owed' USING ERRCODE = 'SL413', DETAIL = owed::text;
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
-- A payment (or refund) moves only what the student has paid on one fee: their term position moves
-- by the difference, on the one fee, instead of being recomputed from every fee of the term
-- (`refresh_term_balances`, which stays for what changes who is charged what). Only a fee that
-- charges the student (`term_fee_students`) counts in the position, as in the recompute;
-- `fee_student_paid` already holds the new total. collection-summaries.test.ts holds the result
-- equal to the recompute after random credits, refunds and status changes.
CREATE FUNCTION "term_balance_paid"("p_fee" uuid, "p_student" uuid, "p_moved" bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  term uuid;
  amount bigint;
  paid bigint;
  reductions bigint;
  late_fees bigint;
BEGIN
  SELECT f.term_id, c.amount_kobo INTO term, amount
  FROM fees f, term_fee_students(f.term_id, ARRAY[p_student]) c
  WHERE f.id = p_fee AND c.fee_id = p_fee;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  paid := coalesce((SELECT paid_kobo FROM fee_student_paid WHERE fee_id = p_fee AND student_id = p_student), 0);
  SELECT coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind <> 'late_fee'), 0)::bigint,
    coalesce(sum(fa.amount_kobo) FILTER (WHERE fa.kind = 'late_fee'), 0)::bigint
  INTO reductions, late_fees
  FROM fee_adjustments fa WHERE fa.fee_id = p_fee AND fa.student_id = p_student AND fa.status = 'approved';
  UPDATE student_term_balances
  SET paid_kobo = paid_kobo + p_moved,
    outstanding_kobo = outstanding_kobo + fee_owed(amount, reductions, late_fees, paid)
      - fee_owed(amount, reductions, late_fees, paid - p_moved)
  WHERE term_id = term AND student_id = p_student;
  -- A position never computed (none should be) is computed whole.
  IF NOT FOUND THEN
    PERFORM refresh_term_balances(term, ARRAY[p_student]);
  END IF;
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
  PERFORM term_balance_paid(r.fee_id, r.student_id, signed);
  RETURN NULL;
END $$;
