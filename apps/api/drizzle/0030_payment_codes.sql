-- Every person has a payment code (a parent's is the family's, a student's their own): "SL", five
-- symbols of Crockford's base 32 and a check symbol, the rule of packages/domain's
-- payment-codes.ts, held equal to it by a randomised test (test/payment-codes.test.ts).
-- Codes come from a sequence through a fixed shuffle of the 2^25 bodies, so no two are alike
-- without a search for a free one, and neighbours' codes do not look alike.

CREATE SEQUENCE "payment_code_serial" AS bigint MINVALUE 0 MAXVALUE 33554431 START 0 NO CYCLE;
--> statement-breakpoint
-- Luhn's check in base 32 over the body's symbols, doubling every second symbol from the right.
CREATE FUNCTION "payment_code_check"("body" text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  symbols constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  total int := 0;
  addend int;
  doubled boolean := true;
BEGIN
  FOR i IN REVERSE length(body)..1 LOOP
    addend := strpos(symbols, substr(body, i, 1)) - 1;
    IF addend < 0 THEN
      RAISE EXCEPTION 'not a payment code symbol: %', substr(body, i, 1);
    END IF;
    IF doubled THEN
      addend := addend * 2;
      addend := addend / 32 + addend % 32;
    END IF;
    total := total + addend;
    doubled := NOT doubled;
  END LOOP;
  RETURN substr(symbols, (32 - total % 32) % 32 + 1, 1);
END $$;
--> statement-breakpoint
CREATE FUNCTION "new_payment_code"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  symbols constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  mask constant bigint := 33554431;
  x bigint := nextval('payment_code_serial');
  body text := '';
BEGIN
  -- Each step is one-to-one on 25 bits: an odd multiplier, an offset, a shift folded in.
  x := (x * 19260817 + 7654321) & mask;
  x := x # (x >> 13);
  x := (x * 1103515245) & mask;
  x := x # (x >> 11);
  FOR i IN 1..5 LOOP
    body := substr(symbols, (x & 31)::int + 1, 1) || body;
    x := x >> 5;
  END LOOP;
  RETURN 'SL' || body || payment_code_check(body);
END $$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_code" text;
--> statement-breakpoint
UPDATE "users" SET "payment_code" = new_payment_code();
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "payment_code" SET DEFAULT new_payment_code();
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "payment_code" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_payment_code_uq" ON "users" ("payment_code");
