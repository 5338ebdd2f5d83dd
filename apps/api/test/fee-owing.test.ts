import { randomUUID } from 'node:crypto';
import { and, arrayContains, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/** The fee list tells staff how many students still owe on each fee and how much, not only its due date. */
describe('who still owes on a fee', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let students = 0;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.schoolId, ids.school),
          arrayContains(users.roles, ['Student']),
          eq(users.status, 'active'),
          isNull(users.deletedAt),
        ),
      );
    students = row!.n;
  });

  async function listed(who: string, feeId: string) {
    const response = await call(t, who, 'GET', `/fee/${feeId}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = await call(t, who, 'GET', `/fee/all?search=${encodeURIComponent(response.json().data.name)}`);
    expect(page.statusCode, page.body).toBe(200);
    const [fee] = page.json().data.fees;
    expect(fee._id).toBe(feeId);
    return fee.owing;
  }

  it('counts every student of a new fee, then drops those who paid in full; part payments lower the amount', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '1000.50');
    expect(students).toBeGreaterThan(2);
    expect(await listed('bursar', feeId)).toEqual({ students, amount: students * 1000.5 });

    await payCash(t, ids.student, feeId, '1000.50');
    await payCash(t, ids.stranger, feeId, '400');
    expect(await listed('bursar', feeId)).toEqual({ students: students - 1, amount: (students - 1) * 1000.5 - 400 });
    expect(await listed('principal', feeId)).toEqual({ students: students - 1, amount: (students - 1) * 1000.5 - 400 });
  });

  it('a fee no one is asked to pay yet has no count; students and parents are not shown what others owe', async () => {
    const created = await call(t, 'bursar', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Waiting for approval',
      type: 'library',
      amount: '500',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await listed('bursar', created.json().data._id)).toBeNull();

    const feeId = await approvedFee(t, ids.school, ids.term, '700');
    expect(await listed('student', feeId)).toBeNull();
    expect(await listed('parent', feeId)).toBeNull();
  });
});
