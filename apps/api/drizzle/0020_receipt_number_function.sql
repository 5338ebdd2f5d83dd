-- Receipt numbers: RCP-<the year the payment was made, Lagos time>-<the school's running number,
-- at least six digits>.
CREATE FUNCTION "format_receipt_no"("receipt_year" text, "n" bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'RCP-' || receipt_year || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
$$;
--> statement-breakpoint
-- The school's next receipt number, taken inside the statement that credits the payment. The
-- counter row stays locked until the transaction commits, so the school's credits take turns,
-- and a rollback gives the number back (no gaps, no duplicates). Taken in the credit's own
-- statement, it costs no round trip of its own, and it is still taken before that statement's
-- triggers write the school's day summaries (the order every credit keeps).
CREATE FUNCTION "next_receipt_no"("for_school" uuid, "receipt_year" text) RETURNS text
LANGUAGE sql VOLATILE AS $$
  INSERT INTO school_receipt_counters AS c (school_id, last_no) VALUES (for_school, 1)
  ON CONFLICT (school_id) DO UPDATE SET last_no = c.last_no + 1, updated_at = now()
  RETURNING format_receipt_no(receipt_year, c.last_no)
$$;
