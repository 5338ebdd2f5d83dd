import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_KINDS,
  ADJUSTMENT_STATUSES,
  adjustedAmount,
  amountOverOutstanding,
  type FeeLedger,
  owed,
  PAYMENT_ERROR_CODES,
  todayIn,
} from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { feeAdjustments, feeStudents, fees, payments, studentTermBalances, terms } from '../src/db/schema.js';
import { owedOn, owedOnFee } from '../src/modules/fees/fee-ledger.queries.js';
import { reportByStudent } from '../src/modules/fees/outstanding-report.queries.js';
import { takeAtOnce } from '../src/modules/ledger/take-at-once.js';
import { useTestApp } from './helper.js';
import { loadPaymentIds } from './payments-support.js';

const t = useTestApp();

const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'review'] as const;
const kobo = (max: bigint) => fc.bigInt({ min: 1n, max });

/** One student's fee as the database may hold it: any mix of adjustments and payments in any state. */
const feeCase = fc.record({
  amount: kobo(5_000_000_00n),
  adjustments: fc.array(
    fc.record({
      kind: fc.constantFrom(...ADJUSTMENT_KINDS),
      status: fc.constantFrom(...ADJUSTMENT_STATUSES),
      amount: kobo(3_000_000_00n),
    }),
    { maxLength: 5 },
  ),
  payments: fc.array(
    fc.record({
      kind: fc.constantFrom('payment' as const, 'refund' as const),
      status: fc.constantFrom(...PAYMENT_STATUSES),
      amount: kobo(3_000_000_00n),
    }),
    { maxLength: 5 },
  ),
});
type FeeCase = typeof feeCase extends fc.Arbitrary<infer T> ? T : never;

/** The domain's ledger of a case, summed in TypeScript from what counts: approved adjustments, successful money. */
function ledgerOf(fee: FeeCase): FeeLedger {
  const approved = fee.adjustments.filter((row) => row.status === 'approved');
  const sum = (amounts: bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);
  const credited = fee.payments.filter((row) => row.status === 'success');
  return {
    amount: fee.amount,
    reductions: sum(approved.filter((row) => row.kind !== 'late_fee').map((row) => row.amount)),
    lateFees: sum(approved.filter((row) => row.kind === 'late_fee').map((row) => row.amount)),
    paid: sum(credited.map((row) => (row.kind === 'refund' ? -row.amount : row.amount))),
  };
}

/** Writes one case: an approved fee for the student alone, with its adjustments and payments; answers the fee's id. */
async function writeCase(db: Db, at: { school: string; term: string; student: string }, fee: FeeCase) {
  const [row] = await db
    .insert(fees)
    .values({
      schoolId: at.school,
      termId: at.term,
      name: `Ledger fee ${randomUUID().slice(0, 8)}`,
      description: 'Random ledger',
      type: 'miscellaneous',
      amountKobo: fee.amount,
      appliesTo: 'students',
      status: 'approved',
    })
    .returning();
  await db.insert(feeStudents).values({ feeId: row!.id, schoolId: at.school, studentId: at.student });
  for (const adjustment of fee.adjustments) {
    await db.insert(feeAdjustments).values({
      schoolId: at.school,
      feeId: row!.id,
      studentId: at.student,
      kind: adjustment.kind,
      basis: 'fixed',
      amountKobo: adjustment.amount,
      reason: 'Random',
      status: adjustment.status,
      decidedAt: adjustment.status === 'pending' ? null : new Date(),
    });
  }
  for (const payment of fee.payments) {
    await db.insert(payments).values({
      schoolId: at.school,
      studentId: at.student,
      feeId: row!.id,
      amountKobo: payment.amount,
      status: payment.status,
      kind: payment.kind,
      method: 'cash',
      reference: `LEDGER-${randomUUID()}`,
      paidAt: new Date(),
    });
  }
  return row!.id;
}

describe('what a student owes: the domain function and the SQL expression (issue 16 item 4)', () => {
  it('agree on random fees, adjustments, payments and refunds, per fee and summed over a term', async () => {
    const db = t.ctx.db;
    const ids = await loadPaymentIds(t);
    const [current] = await db.select().from(terms).where(eq(terms.id, ids.term));
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(feeCase, { minLength: 1, maxLength: 4 }), async (cases) => {
        runs++;
        // A term of its own each run, so the term's figures hold only this run's fees.
        const [term] = await db
          .insert(terms)
          .values({
            schoolId: ids.school,
            sessionId: current!.sessionId,
            name: `Ledger ${randomUUID().slice(0, 8)}`,
            startDate: '2020-01-06',
            endDate: '2020-04-03',
          })
          .returning();
        const expected: { feeId: string; owed: bigint; asked: bigint }[] = [];
        for (const fee of cases) {
          const feeId = await writeCase(db, { school: ids.school, term: term!.id, student: ids.student }, fee);
          const ledger = ledgerOf(fee);
          expected.push({ feeId, owed: owed(ledger), asked: adjustedAmount(ledger) });
        }

        for (const fee of expected) {
          const [viaSql] = await rowsOf<{ owed: string }>(
            db,
            sql`select ${owedOnFee(sql`${ids.student}::uuid`)}::text as owed from ${fees} where ${fees.id} = ${fee.feeId}`,
          );
          expect(BigInt(viaSql!.owed)).toBe(fee.owed);
          const [amount] = await db.select({ amountKobo: fees.amountKobo }).from(fees).where(eq(fees.id, fee.feeId));
          expect(await owedOn(db, ids.student, { id: fee.feeId, amountKobo: amount!.amountKobo })).toBe(fee.owed);
          const [viaFunction] = await rowsOf<{ owed: string }>(
            db,
            sql`select student_fee_owed(${fee.feeId}::uuid, ${ids.student}::uuid, ${amount!.amountKobo}::bigint)::text as owed`,
          );
          expect(BigInt(viaFunction!.owed)).toBe(fee.owed);
        }
        const owedInTerm = expected.reduce((total, fee) => total + fee.owed, 0n);
        const askedInTerm = expected.reduce((total, fee) => total + fee.asked, 0n);
        const [position] = await db
          .select()
          .from(studentTermBalances)
          .where(and(eq(studentTermBalances.termId, term!.id), eq(studentTermBalances.studentId, ids.student)));
        expect(position?.outstandingKobo).toBe(owedInTerm);
        expect(position?.expectedKobo).toBe(askedInTerm);
        const report = await reportByStudent(db, {
          schoolId: ids.school,
          termId: term!.id,
          today: todayIn('Africa/Lagos', new Date()),
        });
        const line = report.find((row) => row.id === ids.student);
        expect(BigInt(line!.outstanding)).toBe(owedInTerm);
        expect(BigInt(line!.expected)).toBe(askedInTerm);
      }),
      { numRuns: 30 },
    );
    expect(runs).toBeGreaterThanOrEqual(30);
  });
});

describe('money taken at once: the database function and the domain agree on what may be taken', () => {
  it('on random fees, adjustments, payments and amounts: taken exactly when something is owed and the amount is within it', async () => {
    const db = t.ctx.db;
    const ids = await loadPaymentIds(t);
    const actor = { userId: null, ip: null, userAgent: null };
    let runs = 0;
    let taken = 0;
    // Any amount, and often one at the edge: all that is owed, a kobo more, a kobo less.
    const amounts = fc.oneof(
      kobo(6_000_000_00n).map((amount) => ({ amount, offset: undefined })),
      fc.constantFrom(0n, 1n, -1n).map((offset) => ({ amount: undefined, offset })),
    );
    await fc.assert(
      fc.asyncProperty(feeCase, amounts, async (fee, chosen) => {
        runs++;
        const feeId = await writeCase(db, { school: ids.school, term: ids.term, student: ids.student }, fee);
        const owedBefore = owed(ledgerOf(fee));
        const edge = owedBefore + (chosen.offset ?? 0n);
        const amountKobo = chosen.amount ?? (edge > 0n ? edge : 1n);
        const attempt = takeAtOnce({
          db,
          ctx: t.ctx,
          actor,
          schoolId: ids.school,
          studentId: ids.student,
          fee: { id: feeId, amountKobo: fee.amount },
          feeHeld: false,
          amountKobo,
          method: 'cash',
          initiatedBy: null,
          audit: { source: 'property test' },
        });
        if (owedBefore === 0n) {
          await expect(attempt).rejects.toMatchObject({ code: PAYMENT_ERROR_CODES.feeAlreadyPaid });
        } else if (amountKobo > owedBefore) {
          await expect(attempt).rejects.toMatchObject({
            code: PAYMENT_ERROR_CODES.amountAboveOutstanding,
            errors: [{ field: 'amount', message: amountOverOutstanding(amountKobo, owedBefore, 0n) }],
          });
        } else {
          taken++;
          const { payment, owedBefore: seen } = await attempt;
          expect(seen).toBe(owedBefore);
          expect(payment).toMatchObject({ amountKobo, status: 'success', isInstallment: amountKobo < owedBefore });
          expect(payment.receiptNo).toMatch(/^[A-Z0-9]+-\d{4}-\d{6,}$/);
          expect(await owedOn(db, ids.student, { id: feeId, amountKobo: fee.amount })).toBe(owedBefore - amountKobo);
        }
      }),
      { numRuns: 40 },
    );
    expect(runs).toBeGreaterThanOrEqual(40);
    // Both sides of the rule were tried, not only refusals.
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(runs);
  });
});
