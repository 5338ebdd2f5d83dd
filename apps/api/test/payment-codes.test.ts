import { randomUUID } from 'node:crypto';
import { paymentCodeFrom, paymentCodesIn, readPaymentCode } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { users } from '../src/db/schema.js';
import { insertUser, useTestApp } from './helper.js';

const t = useTestApp();
const SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('payment codes: the database gives them, the domain reads them', () => {
  it('the check symbol is the same in SQL and in the domain, for any body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 5, maxLength: 5 }), async (bytes) => {
        const body = Array.from(bytes, (byte) => SYMBOLS[byte % 32]).join('');
        const [row] = await rowsOf<{ code: string }>(
          t.ctx.db,
          sql`select 'SL' || ${body}::text || payment_code_check(${body}::text) as code`,
        );
        expect(row!.code).toBe(paymentCodeFrom(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('every person has a code of their own, and a new one gets one too', async () => {
    const person = await insertUser(t, { email: `codes-${randomUUID()}@example.com`, roles: ['Parent'] });
    expect(readPaymentCode(person.paymentCode)).toBe(person.paymentCode);
    const codes = await t.ctx.db.select({ code: users.paymentCode }).from(users);
    expect(codes.length).toBeGreaterThan(10);
    expect(new Set(codes.map((row) => row.code)).size).toBe(codes.length);
    for (const { code } of codes) expect(readPaymentCode(code)).toBe(code);
  });

  it('codes given one after another are all different, check out, and do not look alike', async () => {
    const rows = await rowsOf<{ code: string }>(
      t.ctx.db,
      sql`select new_payment_code() as code from generate_series(1, 3000)`,
    );
    const codes = rows.map((row) => row.code);
    expect(new Set(codes).size).toBe(3000);
    for (const code of codes) expect(paymentCodesIn(`NIP/GTB/ADEBAYO/${code} FEES`)).toEqual([code]);
    // Neighbours share no more of their body than chance would: a payer cannot guess the next family's.
    const sharedWithNext = codes.slice(1).filter((code, i) => code.slice(2, 5) === codes[i]!.slice(2, 5)).length;
    expect(sharedWithNext).toBeLessThan(5);
  });
});
