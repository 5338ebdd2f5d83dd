import { randomUUID } from 'node:crypto';
import { addDays, addMonths, LAGOS, todayIn } from '@schoolledger/domain';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, feeAdjustments, lateFeePolicies } from '../src/db/schema.js';
import { applyLateFees } from '../src/modules/late-fees/late-fees.job.js';
import { useTestApp } from './helper.js';
import { demoUser, noticesOf } from './notify-support.js';
import { bursarOf, call, loadPaymentIds, outstandingOf, type PaymentIds, payCash } from './payments-support.js';

/** Midday in Lagos on a calendar day: the job's "today" is that day whatever the server's zone. */
const middayOf = (day: string) => new Date(`${day}T12:00:00+01:00`);

describe('late fees (issue 16 item 2)', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  /** A due date a little ahead of the real today, so the fee is created before it falls due. */
  let due: string;
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    due = addDays(todayIn(LAGOS), 10);
  });

  /** An approved fee of the first school due on `due`, for the named students only. */
  async function feeFor(students: string[], amount: string, schoolId = ids.school, termId = ids.term) {
    const response = await call(t, 'admin', 'POST', '/fee/create', {
      term_id: termId,
      school_id: schoolId,
      name: `Late fee test ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type: 'miscellaneous',
      amount,
      dueDate: due,
      appliesTo: 'students',
      student_ids: students,
      isApproved: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const putPolicy = async (who: string | { authorization: string }, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/late-fee-policies',
      headers: typeof who === 'string' ? await t.as(who) : who,
      payload,
    });
  async function policyOn(feeId: string, policy: Record<string, unknown>) {
    const response = await putPolicy('bursar', { school_id: ids.school, fee_id: feeId, ...policy });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { _id: string };
  }
  const run = (day: string) => applyLateFees(t.ctx, { now: middayOf(day) });
  const lateFeesOn = (feeId: string, studentId = ids.student) =>
    t.ctx.db
      .select()
      .from(feeAdjustments)
      .where(
        and(
          eq(feeAdjustments.feeId, feeId),
          eq(feeAdjustments.studentId, studentId),
          eq(feeAdjustments.kind, 'late_fee'),
        ),
      )
      .orderBy(asc(feeAdjustments.period));
  const cardOf = async (feeId: string) => {
    const response = await call(t, 'student', 'GET', '/student/fees');
    expect(response.statusCode, response.body).toBe(200);
    const card = (response.json().data.fees as { fee: { _id: string }; lateFees: number; outstanding: number }[]).find(
      (item) => item.fee._id === feeId,
    );
    expect(card, 'the fee is on the student’s fee page').toBeDefined();
    return card!;
  };

  it('charges a late fee once, on the day the grace period runs out, and tells the student and the parent', async () => {
    const feeId = await feeFor([ids.student], '20000');
    const policy = await policyOn(feeId, { basis: 'fixed', amount: '1500', grace_days: 7, repeat: 'once' });

    await run(addDays(due, 6));
    expect(await lateFeesOn(feeId), 'nothing the day before the grace period ends').toEqual([]);

    await run(addDays(due, 7));
    const [charge, ...others] = await lateFeesOn(feeId);
    expect(others).toEqual([]);
    expect(charge).toMatchObject({
      amountKobo: 150_000n,
      status: 'approved',
      period: 1,
      lateFeePolicyId: policy._id,
      reason: expect.stringMatching(/^Late fee: 7 days after the due date of /),
    });

    await run(addDays(due, 7));
    await run(addMonths(due, 3));
    expect(await lateFeesOn(feeId), 'a second run and a later one charge nothing more').toHaveLength(1);

    expect(await cardOf(feeId)).toMatchObject({ lateFees: 1500, outstanding: 21_500 });
    const parentView = await call(t, 'parent', 'GET', `/student/fees?student_id=${ids.student}`);
    expect(parentView.statusCode, parentView.body).toBe(200);
    expect(parentView.json().data.fees).toContainEqual(
      expect.objectContaining({ fee: expect.objectContaining({ _id: feeId }), lateFees: 1500, outstanding: 21_500 }),
    );

    const parent = await demoUser(t, 'parent');
    for (const who of [ids.student, parent.id]) {
      const notices = (await noticesOf(t, who, 'late_fee')).filter((notice) => notice.metadata.feeId === feeId);
      expect(
        notices.map((notice) => notice.title),
        who,
      ).toEqual([expect.stringMatching(/^Late fee added: /)]);
      expect(notices[0]!.message).toContain('₦1,500.00');
    }
    const audit = await t.ctx.db
      .select({ action: auditLogs.action, actorId: auditLogs.actorId })
      .from(auditLogs)
      .where(eq(auditLogs.entityId, charge!.id));
    expect(audit).toEqual([{ action: 'fee_adjustment.apply', actorId: null }]);
  });

  it('charges a monthly late fee each month until the cap, the last charge cut to reach it exactly', async () => {
    const feeId = await feeFor([ids.student], '10000');
    // 10% of ₦10,000 a month, at most ₦2,500 in all.
    await policyOn(feeId, { basis: 'percent', percent: 10, grace_days: 0, repeat: 'monthly', cap: '2500' });

    await run(due);
    await run(addDays(addMonths(due, 1), -1));
    expect((await lateFeesOn(feeId)).map((row) => row.amountKobo)).toEqual([100_000n]);
    await run(addMonths(due, 1));
    await run(addMonths(due, 2));
    await run(addMonths(due, 5));
    const charges = await lateFeesOn(feeId);
    expect(charges.map((row) => [row.period, row.amountKobo, row.percentBp])).toEqual([
      [1, 100_000n, 1000],
      [2, 100_000n, 1000],
      [3, 50_000n, 1000],
    ]);
    expect(charges[0]!.reason).toMatch(/^Late fee: unpaid on the due date of /);
    expect(await cardOf(feeId)).toMatchObject({ lateFees: 2500, outstanding: 12_500 });
  });

  it('charges a student who has paid the fee in full nothing', async () => {
    const feeId = await feeFor([ids.student, ids.stranger], '5000');
    await policyOn(feeId, { basis: 'fixed', amount: '500', grace_days: 0, repeat: 'once' });
    await payCash(t, ids.student, feeId, '5000');

    await run(addDays(due, 1));
    expect(await lateFeesOn(feeId, ids.student)).toEqual([]);
    expect((await lateFeesOn(feeId, ids.stranger)).map((row) => row.amountKobo)).toEqual([50_000n]);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
  });

  it('never charges again a late fee the bursary waived, and a waived one does not count towards the cap', async () => {
    const feeId = await feeFor([ids.student], '8000');
    await policyOn(feeId, { basis: 'fixed', amount: '1000', grace_days: 3, repeat: 'monthly', cap: '1500' });
    await run(addDays(due, 3));
    const [first] = await lateFeesOn(feeId);
    const waived = await call(t, 'bursar', 'POST', `/adjustments/${first!.id}/reverse`, {
      reason: 'Family explained the delay',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(await outstandingOf(t, 'student', feeId)).toBe(8000);

    await run(addDays(due, 3));
    await run(addDays(due, 20));
    expect((await lateFeesOn(feeId)).map((row) => [row.period, row.status])).toEqual([[1, 'reversed']]);

    await run(addMonths(addDays(due, 3), 2));
    expect((await lateFeesOn(feeId)).map((row) => [row.period, row.status, row.amountKobo])).toEqual([
      [1, 'reversed', 100_000n],
      [2, 'approved', 100_000n],
      [3, 'approved', 50_000n],
    ]);
    expect(await cardOf(feeId)).toMatchObject({ lateFees: 1500, outstanding: 9500 });
  });

  it('charges once when two runs overlap', async () => {
    const feeId = await feeFor([ids.student], '3000');
    await policyOn(feeId, { basis: 'fixed', amount: '300', grace_days: 1, repeat: 'once' });
    await Promise.all([run(addDays(due, 2)), run(addDays(due, 2))]);
    expect((await lateFeesOn(feeId)).map((row) => row.amountKobo)).toEqual([30_000n]);
  });

  it('keeps one policy per fee and per school default, in the caller’s schools only', async () => {
    const feeId = await feeFor([ids.student], '1000');
    const first = await policyOn(feeId, { basis: 'fixed', amount: '100', grace_days: 5, repeat: 'once' });
    const second = await policyOn(feeId, {
      basis: 'percent',
      percent: '2.5',
      grace_days: 10,
      repeat: 'monthly',
      cap: 300,
    });
    expect(second._id, 'saving again replaces the fee’s policy').toBe(first._id);

    const otherSchoolFee = await feeFor([ids.son], '1000', ids.secondSchool, ids.secondTerm);
    const foreignFee = await putPolicy('bursar', {
      school_id: ids.school,
      fee_id: otherSchoolFee,
      basis: 'fixed',
      amount: 100,
      grace_days: 0,
      repeat: 'once',
    });
    expect(foreignFee.statusCode).toBe(404);
    expect(foreignFee.json().code).toBe('FEE_NOT_FOUND');

    const wuseDefault = await putPolicy('principal2', {
      school_id: ids.secondSchool,
      basis: 'fixed',
      amount: 250,
      grace_days: 14,
      repeat: 'once',
      is_active: false,
    });
    expect(wuseDefault.statusCode, wuseDefault.body).toBe(200);
    expect(wuseDefault.json().data).toMatchObject({ fee: null, amount: 250, graceDays: 14, isActive: false });

    const ikejaBursar = await bursarOf(t, ids.school);
    const listed = await call(t, ikejaBursar, 'GET', '/late-fee-policies');
    expect(listed.statusCode, listed.body).toBe(200);
    const policies = listed.json().data.policies as { _id: string; school: { _id: string }; percent: number | null }[];
    expect(policies.find((policy) => policy._id === first._id)).toMatchObject({ percent: 2.5, cap: 300 });
    expect(policies.map((policy) => policy.school._id)).not.toContain(ids.secondSchool);

    const del = async (who: string | { authorization: string }, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/late-fee-policies/${id}`,
        headers: typeof who === 'string' ? await t.as(who) : who,
      });
    const wuseId = wuseDefault.json().data._id as string;
    const foreign = await del(ikejaBursar, wuseId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('LATE_FEE_POLICY_NOT_FOUND');
    expect((await del('principal2', wuseId)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(lateFeePolicies).where(eq(lateFeePolicies.id, wuseId))).toEqual([]);
    const actions = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'late_fee_policy'), eq(auditLogs.entityId, wuseId)));
    expect(actions.map((row) => row.action).sort()).toEqual(['late_fee_policy.delete', 'late_fee_policy.update']);
  });

  it('keeps a policy that has charged late fees: deleting it is refused, switching it off stops new charges', async () => {
    const feeId = await feeFor([ids.student], '4000');
    const policy = await policyOn(feeId, {
      basis: 'fixed',
      amount: '200',
      grace_days: 0,
      repeat: 'monthly',
      cap: 1000,
    });
    await run(due);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/late-fee-policies/${policy._id}`,
      headers: await t.as('bursar'),
    });
    expect(refused.statusCode).toBe(409);
    expect((await lateFeesOn(feeId)).map((row) => row.period)).toEqual([1]);

    await policyOn(feeId, {
      basis: 'fixed',
      amount: '200',
      grace_days: 0,
      repeat: 'monthly',
      cap: 1000,
      is_active: false,
    });
    await run(addMonths(due, 2));
    expect((await lateFeesOn(feeId)).map((row) => row.period)).toEqual([1]);
  });
});
