-- Each school's receipt code starts its receipt numbers (CVC-2026-000123), so no two schools of a
-- group issue the same number. Receipts already issued keep their RCP- numbers.
ALTER TABLE "schools" ADD COLUMN "receipt_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A code is taken in a group when another of its schools has it now, or had it and printed it on
-- a receipt (a number once issued stays that school's); RCP began every number issued before codes.
CREATE FUNCTION "receipt_code_taken"("code" text, "in_group" uuid, "self" uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT code = 'RCP'
    OR EXISTS (
      SELECT 1 FROM schools s
      WHERE s.group_school_id = in_group AND s.receipt_code = code AND s.id IS DISTINCT FROM self
    )
    OR EXISTS (
      SELECT 1 FROM payments p JOIN schools s ON s.id = p.school_id
      WHERE s.group_school_id = in_group AND p.school_id IS DISTINCT FROM self AND p.receipt_no LIKE code || '-%'
    )
$$;
--> statement-breakpoint
-- The code a school gets when none is chosen: the initials of its name (up to four, "Crestview
-- College, Ikeja" is CCI), or its first three letters when its name is one word, then 2, 3, ...
-- in place of its last letters until no other school of the group has it.
CREATE FUNCTION "default_receipt_code"("school_name" text, "in_group" uuid, "self" uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	cleaned text := btrim(regexp_replace(upper(school_name), '[^A-Z0-9]+', ' ', 'g'));
	base text;
	candidate text;
	n int := 1;
BEGIN
	SELECT left(string_agg(left(word, 1), '' ORDER BY place), 4) INTO base
		FROM unnest(string_to_array(cleaned, ' ')) WITH ORDINALITY AS words(word, place) WHERE word <> '';
	IF coalesce(length(base), 0) < 2 THEN base := left(replace(cleaned, ' ', ''), 3); END IF;
	IF coalesce(length(base), 0) < 2 THEN base := 'SCH'; END IF;
	candidate := base;
	WHILE "receipt_code_taken"(candidate, in_group, self) LOOP
		n := n + 1;
		candidate := left(base, 6 - length(n::text)) || n::text;
	END LOOP;
	RETURN candidate;
END
$$;
--> statement-breakpoint
-- Every school, oldest first, gets its default.
DO $$
DECLARE
	r record;
BEGIN
	FOR r IN SELECT "id", "name", "group_school_id" FROM "schools" ORDER BY "created_at", "id" LOOP
		UPDATE "schools" SET "receipt_code" = "default_receipt_code"(r.name, r.group_school_id, r.id) WHERE "id" = r.id;
	END LOOP;
END
$$;
--> statement-breakpoint
-- A school written without a code (or with its code cleared) gets the default, whoever writes it.
CREATE FUNCTION "schools_receipt_code"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(NEW.receipt_code, '') = '' THEN
		NEW.receipt_code := "default_receipt_code"(NEW.name, NEW.group_school_id, NEW.id);
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "schools_receipt_code" BEFORE INSERT OR UPDATE ON "schools" FOR EACH ROW EXECUTE FUNCTION "schools_receipt_code"();
--> statement-breakpoint
CREATE UNIQUE INDEX "schools_group_receipt_code_idx" ON "schools" USING btree ("group_school_id","receipt_code");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_receipt_code_format" CHECK ("schools"."receipt_code" ~ '^[A-Z0-9]{2,6}$');
--> statement-breakpoint
-- Receipt numbers: <the school's receipt code>-<the year the payment was made, Lagos time>-<the
-- school's running number, at least six digits>. The counter runs on when a code changes, so a
-- number never repeats in the school, and the code never repeats in the group.
DROP FUNCTION "next_receipt_no"(uuid, text);
--> statement-breakpoint
DROP FUNCTION "format_receipt_no"(text, bigint);
--> statement-breakpoint
CREATE FUNCTION "format_receipt_no"("code" text, "receipt_year" text, "n" bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT code || '-' || receipt_year || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
$$;
--> statement-breakpoint
-- As in migration 0020: taken inside the statement that credits the payment, the counter row
-- locked until the transaction commits; the code is the school's at that moment.
CREATE FUNCTION "next_receipt_no"("for_school" uuid, "receipt_year" text) RETURNS text
LANGUAGE sql VOLATILE AS $$
  INSERT INTO school_receipt_counters AS c (school_id, last_no) VALUES (for_school, 1)
  ON CONFLICT (school_id) DO UPDATE SET last_no = c.last_no + 1, updated_at = now()
  RETURNING format_receipt_no((SELECT receipt_code FROM schools WHERE id = for_school), receipt_year, c.last_no)
$$;
