import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.js';
import { runReconcile } from '../src/modules/payments/online/reconcile.job.js';
import { useTestApp } from './helper.js';
import { approvedFee, insertPayment, loadPaymentIds, type PaymentIds } from './payments-support.js';

/**
 * Neither school has a usable Paystack key here, so every payment the pass picks stays pending
 * and is named in the pass's alerts: which schools appear there is which payments were asked.
 */
describe('the reconciliation pass is shared fairly between provider accounts', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  it('a school whose old pending payments can never be checked does not crowd out a newer payment of another school', async () => {
    const stuckFee = await approvedFee(t, ids.school, ids.term, '1000');
    const otherFee = await approvedFee(t, ids.secondSchool, ids.secondTerm, '1000');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const stuck = [];
    for (let i = 0; i < 3; i++) {
      stuck.push(
        await insertPayment(t, {
          schoolId: ids.school,
          studentId: ids.student,
          feeId: stuckFee,
          amountKobo: 100_000n,
          method: 'paystack',
          status: 'pending',
          createdAt: hoursAgo(3 - i * 0.1),
        }),
      );
    }
    const newer = await insertPayment(t, {
      schoolId: ids.secondSchool,
      studentId: ids.son,
      feeId: otherFee,
      amountKobo: 100_000n,
      method: 'paystack',
      status: 'pending',
      createdAt: hoursAgo(1),
    });

    for (let pass = 0; pass < 2; pass++) {
      const result = await runReconcile(t.ctx, { limit: 2 });
      expect(result?.checked).toBe(2);
      expect(result?.unreachable).toBe(2);
      expect(result?.alerts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ schoolId: ids.school, method: 'paystack', pending: 1 }),
          expect.objectContaining({ schoolId: ids.secondSchool, method: 'paystack', pending: 1 }),
        ]),
      );
    }
    for (const row of [...stuck, newer]) {
      const [now] = await t.ctx.db.select().from(payments).where(eq(payments.id, row.id));
      expect(now!.status).toBe('pending');
    }
  });
});
