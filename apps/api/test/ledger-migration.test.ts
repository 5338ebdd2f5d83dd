import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migration 0026 opens the books: it posts the history already recorded, once, through the same
 * posting functions as what moves later. Run on a database holding one of each movement written
 * under 0025.
 */

const folder = path.resolve(import.meta.dirname, '../drizzle');
const migrations = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const sqlOf = (name: string) =>
  readFileSync(path.join(folder, name), 'utf8').replaceAll('--> statement-breakpoint', '');

const GROUP = '00000000-0000-4000-8000-000000000001';
const SCHOOL = '00000000-0000-4000-8000-0000000000a1';
const SESSION = '00000000-0000-4000-8000-0000000000c1';
const TERM = '00000000-0000-4000-8000-0000000000d1';
const TUITION = '00000000-0000-4000-8000-000000000101';
const EXAM = '00000000-0000-4000-8000-000000000102';
const PARENT = '00000000-0000-4000-8000-0000000000f1';
const ADA = '00000000-0000-4000-8000-0000000000f2';
const OBI = '00000000-0000-4000-8000-0000000000f3';
const OVERPAID = '00000000-0000-4000-8000-000000000201';
const EXPENSE = '00000000-0000-4000-8000-000000000301';

describe('migration 0026: the history so far, posted once in double entry', () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const one = async <T>(query: string) => (await client.query<T>(query)).rows;

  beforeAll(async () => {
    const index = migrations.findIndex((name) => name.startsWith('0026_'));
    expect(index).toBe(26);
    for (const name of migrations.slice(0, index)) await client.exec(sqlOf(name));
    // Tuition ₦100,000 and examination ₦20,000 for both students; Ada pays tuition by Paystack
    // with ₦10,000 over (kept as credit), Obi pays ₦50,000 cash of which ₦5,000 is refunded, then a
    // ₦30,000 transfer later taken back into review; a ₦15,000 scholarship and a ₦2,000 late fee
    // count, a pending discount does not; ₦4,000 of credit is paid back; a ₦25,000 utility bill is paid.
    await client.exec(`
      insert into group_schools (id, name, description) values ('${GROUP}', 'Group', 'One school');
      insert into schools (id, group_school_id, name, phone_number) values ('${SCHOOL}', '${GROUP}', 'Ikeja', '08030000000');
      insert into academic_sessions (id, school_id, name, start_date, end_date)
        values ('${SESSION}', '${SCHOOL}', '2025/2026', '2025-09-01', '2026-07-31');
      insert into terms (id, school_id, session_id, name, start_date, end_date)
        values ('${TERM}', '${SCHOOL}', '${SESSION}', 'First Term', '2025-09-08', '2025-12-19');
      insert into users (id, school_id, firstname, lastname, email, roles)
        values ('${PARENT}', '${SCHOOL}', 'Chukwudi', 'Obi', 'parent@example.ng', '{Parent}'),
               ('${ADA}', '${SCHOOL}', 'Ada', 'Obi', 'ada@example.ng', '{Student}'),
               ('${OBI}', '${SCHOOL}', 'Obi', 'Obi', 'obi@example.ng', '{Student}');
      insert into fees (id, school_id, term_id, name, description, type, amount_kobo, status)
        values ('${TUITION}', '${SCHOOL}', '${TERM}', 'Tuition', 'Term', 'tuition', 10000000, 'approved'),
               ('${EXAM}', '${SCHOOL}', '${TERM}', 'Examination', 'Term', 'examination', 2000000, 'approved');
      insert into payments (id, school_id, student_id, fee_id, amount_kobo, method, reference, status, kind, paid_at, receipt_no)
        values ('${OVERPAID}', '${SCHOOL}', '${ADA}', '${TUITION}', 11000000, 'paystack', 'SL-1', 'success', 'payment', '2025-09-10 09:00+01', 'IKJ-2025-000001');
      insert into payments (school_id, student_id, fee_id, amount_kobo, method, reference, status, kind, refund_of, paid_at, reason)
        values ('${SCHOOL}', '${ADA}', '${TUITION}', 1000000, 'paystack', 'SL-2', 'success', 'refund', '${OVERPAID}', '2025-09-10 09:00+01', 'Moved to credit');
      insert into family_credit_entries (group_school_id, parent_id, school_id, amount_kobo, kind, payment_id, created_at)
        values ('${GROUP}', '${PARENT}', '${SCHOOL}', 1000000, 'overpayment', '${OVERPAID}', '2025-09-10 09:00+01'),
               ('${GROUP}', '${PARENT}', '${SCHOOL}', -400000, 'refunded', null, '2025-09-25 15:00+01');
      insert into payments (id, school_id, student_id, fee_id, amount_kobo, method, reference, status, kind, paid_at, receipt_no)
        values ('00000000-0000-4000-8000-000000000202', '${SCHOOL}', '${OBI}', '${TUITION}', 5000000, 'cash', 'SL-3', 'success', 'payment', '2025-09-11 10:00+01', 'IKJ-2025-000002');
      insert into payments (school_id, student_id, fee_id, amount_kobo, method, reference, status, kind, refund_of, paid_at)
        values ('${SCHOOL}', '${OBI}', '${TUITION}', 500000, 'cash', 'SL-4', 'success', 'refund', '00000000-0000-4000-8000-000000000202', '2025-09-12 10:00+01');
      insert into payments (school_id, student_id, fee_id, amount_kobo, method, reference, status, kind, paid_at)
        values ('${SCHOOL}', '${OBI}', '${EXAM}', 3000000, 'bank_transfer', 'SL-5', 'review', 'payment', '2025-09-13 10:00+01'),
               ('${SCHOOL}', '${OBI}', '${EXAM}', 2000000, 'paystack', 'SL-6', 'failed', 'payment', '2025-09-13 10:00+01');
      insert into fee_adjustments (school_id, fee_id, student_id, kind, basis, amount_kobo, reason, status, decided_at)
        values ('${SCHOOL}', '${TUITION}', '${OBI}', 'scholarship', 'fixed', 1500000, 'Merit', 'approved', '2025-09-09 12:00+01'),
               ('${SCHOOL}', '${EXAM}', '${OBI}', 'late_fee', 'fixed', 200000, 'Late', 'approved', '2025-10-01 12:00+01'),
               ('${SCHOOL}', '${EXAM}', '${ADA}', 'discount', 'fixed', 900000, 'Sibling', 'pending', null);
      insert into expenses (id, school_id, session_id, term_id, reference, title, category, amount_kobo, payee_kind, payee_name, status)
        values ('${EXPENSE}', '${SCHOOL}', '${SESSION}', '${TERM}', 'EXP-1', 'Power bill', 'utilities', 2500000, 'other', 'IKEDC', 'approved');
      insert into expense_payouts (expense_id, school_id, voucher_no, amount_kobo, method, paid_on, payee_name)
        values ('${EXPENSE}', '${SCHOOL}', 'PV-1', 2500000, 'bank_transfer', '2025-09-20', 'IKEDC');
    `);
    await client.exec(sqlOf(migrations[index]!));
  });

  afterAll(() => client.close());

  it('agrees with every record, entry by entry', async () => {
    expect(await one('select * from ledger_disagreements()')).toEqual([]);
  });

  it('posts each movement once, on the day it happened', async () => {
    const entries = await one<{ source: string; entry_date: string; n: number }>(
      `select source, to_char(entry_date, 'YYYY-MM-DD') as entry_date, count(*)::int as n
       from journal_entries group by source, entry_date order by entry_date, source`,
    );
    expect(entries).toEqual([
      { source: 'charge', entry_date: '2025-09-08', n: 1 },
      { source: 'adjustment', entry_date: '2025-09-09', n: 1 },
      { source: 'family_credit', entry_date: '2025-09-10', n: 1 },
      { source: 'payment', entry_date: '2025-09-10', n: 1 },
      { source: 'refund', entry_date: '2025-09-10', n: 1 },
      { source: 'payment', entry_date: '2025-09-11', n: 1 },
      { source: 'refund', entry_date: '2025-09-12', n: 1 },
      { source: 'payout', entry_date: '2025-09-20', n: 1 },
      { source: 'family_credit', entry_date: '2025-09-25', n: 1 },
      { source: 'adjustment', entry_date: '2025-10-01', n: 1 },
    ]);
  });

  it('leaves a trial balance whose accounts say what happened', async () => {
    const balances = await one<{ system_key: string; kobo: string }>(
      `select a.system_key, sum(l.amount_kobo)::text as kobo from journal_lines l
       join ledger_accounts a on a.id = l.account_id group by a.system_key order by a.system_key`,
    );
    expect(Object.fromEntries(balances.map((row) => [row.system_key, BigInt(row.kobo)]))).toEqual({
      // ₦110,000 in, ₦10,000 out to the refund row, ₦10,000 back in as the credit kept.
      'clearing:paystack': 11000000n,
      cash: 4500000n,
      // ₦4,000 of credit paid back, ₦25,000 to the power company.
      bank: -2900000n,
      // Charged ₦240,000, scholarship −₦15,000, late fee +₦2,000, paid ₦100,000 (Ada) + ₦45,000 (Obi).
      receivable: 24000000n - 1500000n + 200000n - 10000000n - 4500000n,
      family_credit: -600000n,
      'fee_income:tuition': -20000000n,
      'fee_income:examination': -4000000n,
      discounts: 1500000n,
      late_fee_income: -200000n,
      'expense:utilities': 2500000n,
    });
  });

  it('a school made after it opens the default chart', async () => {
    await client.exec(
      `insert into schools (group_school_id, name, phone_number) values ('${GROUP}', 'Wuse', '08030000001')`,
    );
    const [chart] = await one<{ n: number }>(
      `select count(*)::int as n from ledger_accounts a join schools s on s.id = a.school_id where s.name = 'Wuse'`,
    );
    const [defaults] = await one<{ n: number }>('select count(*)::int as n from ledger_default_accounts');
    expect(chart!.n).toBe(defaults!.n);
    expect(defaults!.n).toBeGreaterThan(20);
  });
});
