import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AMOUNT_MAX_MESSAGE,
  AMOUNT_POSITIVE_MESSAGE,
  amountOverOutstanding,
  cashPaymentInputSchema,
  feeInputSchema,
  koboToDecimal,
  koboToNaira,
  MAX_KOBO,
  NAIRA_AMOUNT_MESSAGE,
  nairaAmount,
  nairaAmountSchema,
  nairaResponseAmount,
  nairaToKobo,
  parseNaira,
  paymentProfileInputSchema,
  paymentSchema,
  percentPaid,
} from '../src/index.js';

const kobo = fc.bigInt({ min: 0n, max: MAX_KOBO });
/** The text a person or a client writes for an amount: whole naira, or one or two decimals. */
const twoDecimalText = fc
  .tuple(fc.bigInt({ min: 0n, max: MAX_KOBO / 100n - 1n }), fc.constantFrom('', '.d', '.dd'), fc.nat(99))
  .map(([whole, shape, fraction]) => {
    if (shape === '') return { text: `${whole}`, kobo: whole * 100n };
    if (shape === '.d') {
      const tenth = fraction % 10;
      return { text: `${whole}.${tenth}`, kobo: whole * 100n + BigInt(tenth * 10) };
    }
    return { text: `${whole}.${String(fraction).padStart(2, '0')}`, kobo: whole * 100n + BigInt(fraction) };
  });
/** Three or more decimals whose last digit is not zero: not a kobo amount. */
const threeDecimalText = fc
  .tuple(fc.nat(1_000_000_000), fc.stringMatching(/^\d{2,6}$/), fc.integer({ min: 1, max: 9 }))
  .map(([whole, middle, last]) => `${whole}.${middle}${last}`);

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('naira parser', () => {
  it('reads every two-decimal text exactly, as text and as a JSON number', () => {
    fc.assert(
      fc.property(twoDecimalText, ({ text, kobo: expected }) => {
        expect(parseNaira(text)).toBe(expected);
        expect(parseNaira(Number(text))).toBe(expected);
        expect(nairaAmount({ min: 0n }).parse(Number(text))).toBe(expected);
      }),
    );
  });

  it('refuses anything with three or more significant decimals, never rounding it', () => {
    fc.assert(
      fc.property(threeDecimalText, (text) => {
        expect(parseNaira(text)).toBeNull();
        expect(messages(nairaAmountSchema, text)).toEqual([NAIRA_AMOUNT_MESSAGE]);
        // Thirteen significant digits at most: a double holds them exactly, so String(n) is the text.
        expect(messages(nairaAmountSchema, Number(text))).toEqual([NAIRA_AMOUNT_MESSAGE]);
      }),
    );
  });

  it('kobo → naira → kobo is the identity', () => {
    fc.assert(
      fc.property(kobo, (value) => {
        expect(nairaToKobo(koboToNaira(value))).toBe(value);
        expect(nairaAmount({ min: 0n }).decode(nairaAmount({ min: 0n }).encode(value))).toBe(value);
      }),
    );
  });

  it('refuses the values that used to be rounded or let through', () => {
    for (const value of [10.999, 1.005, '1.005', Number.NaN, Number.POSITIVE_INFINITY, 1e21, '1e3', '12abc', '1,000']) {
      expect(messages(nairaAmountSchema, value), String(value)).toEqual([NAIRA_AMOUNT_MESSAGE]);
    }
    expect(messages(nairaAmountSchema, true)).toEqual([NAIRA_AMOUNT_MESSAGE]);
    expect(messages(nairaAmountSchema, -1)).toEqual([AMOUNT_POSITIVE_MESSAGE]);
    expect(messages(nairaAmountSchema, 0)).toEqual([AMOUNT_POSITIVE_MESSAGE]);
    expect(messages(nairaAmountSchema, '')).toEqual([AMOUNT_POSITIVE_MESSAGE]);
    expect(messages(nairaAmountSchema, 1e12)).toEqual([AMOUNT_MAX_MESSAGE]);
    expect(AMOUNT_MAX_MESSAGE).toBe('Amount must be at most ₦100,000,000');
    expect(nairaAmountSchema.parse(100_000_000)).toBe(MAX_KOBO);
    expect(messages(nairaAmountSchema, 100_000_000.01)).toEqual([AMOUNT_MAX_MESSAGE]);
    expect(nairaAmountSchema.parse(10.5)).toBe(1050n);
    expect(nairaAmountSchema.parse(' 10.50 ')).toBe(1050n);
  });

  it('names the field in every request schema that carries an amount', () => {
    const cash = cashPaymentInputSchema.safeParse({
      user_id: crypto.randomUUID(),
      fee_id: crypto.randomUUID(),
      amount: 10.999,
    });
    expect(cash.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amount', NAIRA_AMOUNT_MESSAGE],
    ]);
    expect(messages(cashPaymentInputSchema.shape.amount, 0.5)).toEqual(['Amount must be at least ₦1']);
    const profile = paymentProfileInputSchema.safeParse({
      school_id: crypto.randomUUID(),
      minimum_installment_amount: -1,
    });
    expect(profile.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['minimum_installment_amount', 'Minimum installment amount must be 0 or more'],
    ]);
    expect(paymentProfileInputSchema.parse({ school_id: crypto.randomUUID(), minimum_installment_amount: 0 })).toEqual(
      expect.objectContaining({ minimum_installment_amount: 0n }),
    );
  });

  it('encodes a parsed request back to the naira the API takes', () => {
    const fee = feeInputSchema.parse({
      term_id: crypto.randomUUID(),
      school_id: crypto.randomUUID(),
      name: 'Tuition',
      description: 'Tuition',
      type: 'tuition',
      amount: '185000.5',
    });
    expect(fee.amount).toBe(18_500_050n);
    expect(z.encode(feeInputSchema, fee).amount).toBe(185000.5);
  });

  it('describes the wire side as a number or a decimal string in JSON Schema', () => {
    const schema = z.toJSONSchema(nairaAmountSchema, { io: 'input' });
    expect(schema.type).toEqual(['number', 'string']);
    expect(schema.description).toMatch(/at most two decimal places/);
  });
});

describe('amounts of a response', () => {
  it('kobo inside, naira on the wire, and back without loss', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_KOBO, max: MAX_KOBO }), (value) => {
        const naira = z.encode(nairaResponseAmount, value);
        expect(naira).toBe(koboToNaira(value));
        expect(z.decode(nairaResponseAmount, naira)).toBe(value);
      }),
    );
    expect(z.encode(nairaResponseAmount, 105_050n)).toBe(1050.5);
    expect(nairaResponseAmount.parse(185000.5)).toBe(18_500_050n);
  });

  it('refuses naira where kobo is due, and a number that is not naira', () => {
    expect(z.safeEncode(nairaResponseAmount, 1050.5 as unknown as bigint).success).toBe(false);
    expect(nairaResponseAmount.safeParse(10.999).success).toBe(false);
    expect(nairaResponseAmount.safeParse(Number.NaN).success).toBe(false);
  });

  it('is documented as a number on both sides, since JSON Schema has no bigint', () => {
    for (const io of ['input', 'output'] as const) {
      const schema = z.toJSONSchema(paymentSchema, { io, unrepresentable: 'any' });
      const amount = (schema.properties as Record<string, { type?: unknown }>).amount;
      expect(amount?.type, io).toBe('number');
    }
  });

  it('gives the share of a fee paid in whole percent, never above 100', () => {
    expect(percentPaid(0n, 18_500_000n)).toBe(0);
    expect(percentPaid(1_000_050n, 18_500_000n)).toBe(5);
    expect(percentPaid(1n, 3n)).toBe(33);
    expect(percentPaid(200n, 100n)).toBe(100);
    expect(percentPaid(0n, 0n)).toBe(100);
  });

  it('writes plain naira text with both decimals for spreadsheets', () => {
    expect(koboToDecimal(105_050n)).toBe('1050.50');
    expect(koboToDecimal(5n)).toBe('0.05');
    expect(koboToDecimal(0n)).toBe('0.00');
    expect(koboToDecimal(-1_000n)).toBe('-10.00');
  });
});

describe('amount within what is owed', () => {
  it('is one rule with one message', () => {
    expect(amountOverOutstanding(60_000n, 60_000n)).toBeNull();
    expect(amountOverOutstanding(60_001n, 60_000n)).toBe('Amount cannot be more than the outstanding ₦600.00');
    expect(amountOverOutstanding(50_001n, 100_000n, 50_000n)).toBe(
      'Amount cannot be more than ₦500.00: ₦500.00 of the outstanding ₦1,000.00 is already in transfers waiting for confirmation',
    );
  });
});
