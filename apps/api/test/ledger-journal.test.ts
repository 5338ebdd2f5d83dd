import { randomUUID } from 'node:crypto';
import { ADJUSTMENT_KINDS, type FeeLedger, owed } from '@schoolledger/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { feeAdjustments, feeStudents, fees, journalEntries, ledgerPeriodCloses, payments } from '../src/db/schema.js';
import { aClassArm, aSchool, aSession, aStudent, aTerm, type School, type Term, type User } from './builders.js';
import { useTestApp } from './helper.js';

const t = useTestApp();

interface Disagreement {
  school_id: string;
  check_name: string;
  detail: string;
  journal_kobo: string;
  records_kobo: string;
}
const disagreements = (schoolId: string | null) =>
  rowsOf<Disagreement>(t.ctx.db, sql`select * from ledger_disagreements(${schoolId}::uuid)`);

/** The journal's receivable for one student on one fee, in kobo (debit positive). */
async function receivableOf(studentId: string, feeId: string): Promise<bigint> {
  const [row] = await rowsOf<{ kobo: string }>(
    t.ctx.db,
    sql`select coalesce(sum(l.amount_kobo), 0)::text as kobo from journal_lines l
        join ledger_accounts a on a.id = l.account_id and a.system_key = 'receivable'
        where l.student_id = ${studentId} and l.fee_id = ${feeId}`,
  );
  return BigInt(row!.kobo);
}

/** Each account's balance of a school, by system key (debit positive). */
async function balancesOf(schoolId: string): Promise<Map<string, bigint>> {
  const rows = await rowsOf<{ key: string; kobo: string }>(
    t.ctx.db,
    sql`select a.system_key as key, sum(l.amount_kobo)::text as kobo from journal_lines l
        join ledger_accounts a on a.id = l.account_id where l.school_id = ${schoolId} group by a.system_key`,
  );
  return new Map(rows.map((row) => [row.key, BigInt(row.kobo)]));
}

const kobo = (max: bigint) => fc.bigInt({ min: 1n, max });
const METHODS = ['cash', 'bank_transfer', 'paystack', 'flutterwave'] as const;

/**
 * One fee of one student as it lives: adjustments decided and maybe reversed or re-decided,
 * payments and refunds credited and maybe taken back out of success (a chargeback under review),
 * the fee's amount edited once approved, the student taken off the fee.
 */
const feeLife = fc.record({
  amount: kobo(2_000_000_00n),
  editedAmount: fc.option(kobo(2_000_000_00n), { nil: undefined }),
  adjustments: fc.array(
    fc.record({
      kind: fc.constantFrom(...ADJUSTMENT_KINDS),
      amount: kobo(1_000_000_00n),
      life: fc.constantFrom('pending', 'approved', 'rejected', 'approved-then-reversed' as const),
    }),
    { maxLength: 4 },
  ),
  payments: fc.array(
    fc.record({
      kind: fc.constantFrom('payment' as const, 'refund' as const),
      method: fc.constantFrom(...METHODS),
      amount: kobo(1_500_000_00n),
      life: fc.constantFrom('pending', 'success', 'failed', 'success-then-review' as const),
    }),
    { maxLength: 4 },
  ),
  removed: fc.boolean(),
});
type FeeLife = typeof feeLife extends fc.Arbitrary<infer T> ? T : never;

/** What the domain says the student owes on a fee's life, before it is clamped at zero. */
function ledgerOf(life: FeeLife): FeeLedger {
  const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);
  const counted = life.adjustments.filter((row) => row.life === 'approved');
  return {
    amount: life.removed ? 0n : (life.editedAmount ?? life.amount),
    reductions: sum(counted.filter((row) => row.kind !== 'late_fee').map((row) => row.amount)),
    lateFees: sum(counted.filter((row) => row.kind === 'late_fee').map((row) => row.amount)),
    paid: sum(
      life.payments
        .filter((row) => row.life === 'success')
        .map((row) => (row.kind === 'refund' ? -row.amount : row.amount)),
    ),
  };
}

let school: School;
let term: Term;
let student: User;

beforeAll(async () => {
  school = await aSchool(t);
  const session = await aSession(t, { school_id: school.id });
  term = await aTerm(t, { session: session.id });
  const arm = await aClassArm(t, { school_id: school.id });
  student = await aStudent(t, { school_id: school.id, classArm_id: arm.id });
});

describe('the journal (double entry, posted by the database as money moves)', () => {
  it('a new school opens the default chart and an empty, agreeing journal', async () => {
    const accounts = await rowsOf<{ system_key: string; code: string }>(
      t.ctx.db,
      sql`select system_key, code from ledger_accounts where school_id = ${school.id} order by code`,
    );
    expect(accounts.map((row) => row.system_key)).toEqual(
      expect.arrayContaining([
        'cash',
        'bank',
        'clearing:paystack',
        'receivable',
        'family_credit',
        'fee_income:tuition',
      ]),
    );
    expect(await disagreements(school.id)).toEqual([]);
  });

  it('agrees with the domain on random lives of fees: receivable, owed, money accounts, every entry balanced', async () => {
    const db = t.ctx.db;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(feeLife, { minLength: 1, maxLength: 3 }), async (lives) => {
        runs++;
        const before = await balancesOf(school.id);
        const moneyIn = new Map<string, bigint>();
        const checks: { feeId: string; ledger: FeeLedger }[] = [];
        for (const life of lives) {
          const [fee] = await db
            .insert(fees)
            .values({
              schoolId: school.id,
              termId: term.id,
              name: `Journal fee ${randomUUID().slice(0, 8)}`,
              description: 'Random journal',
              type: 'tuition',
              amountKobo: life.amount,
              appliesTo: 'students',
              status: 'approved',
            })
            .returning();
          await db.insert(feeStudents).values({ feeId: fee!.id, schoolId: school.id, studentId: student.id });
          if (life.editedAmount !== undefined)
            await db.update(fees).set({ amountKobo: life.editedAmount }).where(eq(fees.id, fee!.id));
          for (const adjustment of life.adjustments) {
            const [row] = await db
              .insert(feeAdjustments)
              .values({
                schoolId: school.id,
                feeId: fee!.id,
                studentId: student.id,
                kind: adjustment.kind,
                basis: 'fixed',
                amountKobo: adjustment.amount,
                reason: 'Random',
                status: 'pending',
              })
              .returning();
            if (adjustment.life === 'pending') continue;
            const decided = adjustment.life === 'rejected' ? 'rejected' : 'approved';
            await db
              .update(feeAdjustments)
              .set({ status: decided, decidedAt: new Date() })
              .where(eq(feeAdjustments.id, row!.id));
            if (adjustment.life === 'approved-then-reversed')
              await db
                .update(feeAdjustments)
                .set({ status: 'reversed', reversedAt: new Date(), reversalReason: 'Random' })
                .where(eq(feeAdjustments.id, row!.id));
          }
          for (const payment of life.payments) {
            const [row] = await db
              .insert(payments)
              .values({
                schoolId: school.id,
                studentId: student.id,
                feeId: fee!.id,
                amountKobo: payment.amount,
                status: payment.life === 'success-then-review' ? 'success' : payment.life,
                kind: payment.kind,
                method: payment.method,
                reference: `JOURNAL-${randomUUID()}`,
                paidAt: new Date(),
              })
              .returning();
            if (payment.life === 'success-then-review')
              await db.update(payments).set({ status: 'review' }).where(eq(payments.id, row!.id));
            if (payment.life === 'success') {
              const key = { cash: 'cash', bank_transfer: 'bank', paystack: 'clearing:paystack' }[
                payment.method as 'cash'
              ];
              const account = key ?? 'clearing:flutterwave';
              const signed = payment.kind === 'refund' ? -payment.amount : payment.amount;
              moneyIn.set(account, (moneyIn.get(account) ?? 0n) + signed);
            }
          }
          if (life.removed) await db.delete(feeStudents).where(eq(feeStudents.feeId, fee!.id));
          checks.push({ feeId: fee!.id, ledger: ledgerOf(life) });
        }

        for (const check of checks) {
          const { amount, reductions, lateFees, paid } = check.ledger;
          const receivable = await receivableOf(student.id, check.feeId);
          expect(receivable).toBe(amount - reductions + lateFees - paid);
          expect(receivable > 0n ? receivable : 0n).toBe(owed(check.ledger));
        }
        const after = await balancesOf(school.id);
        for (const account of ['cash', 'bank', 'clearing:paystack', 'clearing:flutterwave']) {
          const moved = (after.get(account) ?? 0n) - (before.get(account) ?? 0n);
          expect({ account, moved }).toEqual({ account, moved: moneyIn.get(account) ?? 0n });
        }
        expect([...after.values()].reduce((total, kobo) => total + kobo, 0n)).toBe(0n);
        expect(await disagreements(school.id)).toEqual([]);
      }),
      { numRuns: 25 },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
  }, 180_000);

  it('the demo history, loaded through the posting triggers, agrees with its records, each payment posted once', async () => {
    expect(await disagreements(null)).toEqual([]);
    const sources = await rowsOf<{ source: string }>(t.ctx.db, sql`select distinct source from journal_entries`);
    expect(sources.map((row) => row.source)).toEqual(
      expect.arrayContaining(['adjustment', 'charge', 'payment', 'refund']),
    );
    const [twice] = await rowsOf<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from (select source_id from journal_entries
          where source in ('payment', 'refund') and school_id <> ${school.id}
          group by source_id having count(*) > 1) x`,
    );
    expect(twice!.n).toBe(0);
  });

  it('refuses an unbalanced entry, and any change to a posted one', async () => {
    const [entry] = await t.ctx.db.select().from(journalEntries).limit(1);
    expect(entry).toBeDefined();
    const [cash] = await rowsOf<{ id: string }>(
      t.ctx.db,
      sql`select id from ledger_accounts where school_id = ${school.id} and system_key = 'cash'`,
    );
    await expect(
      t.ctx.db.execute(sql`with e as (insert into journal_entries (school_id, entry_date, source, memo)
          values (${school.id}, '2030-01-01', 'payment', 'One-sided') returning id)
        insert into journal_lines (entry_id, school_id, account_id, entry_date, amount_kobo)
        select e.id, ${school.id}, ${cash!.id}, '2030-01-01', 100 from e`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not balance/) } });
    await expect(
      t.ctx.db.execute(sql`update journal_lines set amount_kobo = amount_kobo + 1 where entry_id = ${entry!.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/never changed/) } });
    await expect(t.ctx.db.execute(sql`delete from journal_entries where id = ${entry!.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/never changed/) },
    });
  });

  it('a closed period takes no entry dated in it: money that moves late for it counts on the first open day', async () => {
    const closed = await aSchool(t);
    const session = await aSession(t, { school_id: closed.id });
    const closedTerm = await aTerm(t, { session: session.id });
    const arm = await aClassArm(t, { school_id: closed.id });
    const pupil = await aStudent(t, { school_id: closed.id, classArm_id: arm.id });
    const [fee] = await t.ctx.db
      .insert(fees)
      .values({
        schoolId: closed.id,
        termId: closedTerm.id,
        name: 'Closed-period fee',
        description: 'Random journal',
        type: 'tuition',
        amountKobo: 5_000_00n,
        appliesTo: 'school',
        status: 'approved',
      })
      .returning();
    await t.ctx.db.insert(ledgerPeriodCloses).values({ schoolId: closed.id, closedThrough: '2026-01-31' });
    const [payment] = await t.ctx.db
      .insert(payments)
      .values({
        schoolId: closed.id,
        studentId: pupil.id,
        feeId: fee!.id,
        amountKobo: 2_000_00n,
        status: 'success',
        method: 'cash',
        reference: `JOURNAL-${randomUUID()}`,
        paidAt: new Date('2026-01-15T10:00:00Z'),
      })
      .returning();
    const [posted] = await t.ctx.db.select().from(journalEntries).where(eq(journalEntries.sourceId, payment!.id));
    expect(posted!.entryDate).toBe('2026-02-01');
    // An entry written by hand for a closed day (a charge reclassified): dated on the first open day too.
    const [backdated] = await rowsOf<{ entry_date: string }>(
      t.ctx.db,
      sql`with e as (insert into journal_entries (school_id, entry_date, source, memo)
          values (${closed.id}, '2026-01-20', 'payment', 'Reclassified') returning id, entry_date),
        l as (insert into journal_lines (entry_id, school_id, account_id, entry_date, amount_kobo)
          select e.id, ${closed.id}, a.id, e.entry_date, x.amount from e
          cross join (values ('late_fee_income', 100), ('discounts', -100)) x(key, amount)
          join ledger_accounts a on a.school_id = ${closed.id} and a.system_key = x.key)
        select entry_date::text from e`,
    );
    expect(backdated!.entry_date).toBe('2026-02-01');
    expect(await disagreements(closed.id)).toEqual([]);
  });
});
