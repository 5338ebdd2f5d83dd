import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, feeAdjustments, parentStudents, schools, studentProfiles } from '../src/db/schema.js';
import { applyRules } from '../src/modules/adjustment-rules/adjustment-rules.job.js';
import { useTestApp } from './helper.js';
import { demoUser } from './notify-support.js';
import { bursarOf, call, loadPaymentIds, outstandingOf, type PaymentIds, payCash } from './payments-support.js';

type Who = string | { authorization: string };

describe('adjustment rules: sibling and staff-child discounts, scholarships (issue 16 item 3)', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let group: string;
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.id, ids.school));
    group = school!.groupSchoolId;
  });

  const send = async (who: Who, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload ? { payload } : {}),
    });
  async function propose(who: Who, rule: Record<string, unknown>) {
    const response = await send(who, 'POST', '/adjustment-rules', rule);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'pending', applied: 0 });
    return response.json().data._id as string;
  }
  async function approve(who: Who, id: string) {
    const response = await send(who, 'PATCH', `/adjustment-rules/${id}/decision`, { status: 'approved' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }
  async function switchOff(who: Who, id: string) {
    const response = await send(who, 'PATCH', `/adjustment-rules/${id}`, { is_active: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.isActive).toBe(false);
  }
  /** An approved fee of a school of the type, for the named students only. */
  async function feeFor(type: string, students: string[], amount: string, schoolId: string, termId: string) {
    const response = await call(t, 'admin', 'POST', '/fee/create', {
      term_id: termId,
      school_id: schoolId,
      name: `Rule test ${type} ${randomUUID().slice(0, 8)}`,
      description: 'Test',
      type,
      amount,
      appliesTo: 'students',
      student_ids: students,
      isApproved: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }
  const adjustmentsOn = (feeId: string, studentId: string) =>
    t.ctx.db
      .select()
      .from(feeAdjustments)
      .where(and(eq(feeAdjustments.feeId, feeId), eq(feeAdjustments.studentId, studentId)));
  const run = () => applyRules(t.ctx, { now: new Date() });
  const bornOn = async (studentId: string, schoolId: string, dob: string) => {
    await t.ctx.db
      .insert(studentProfiles)
      .values({ userId: studentId, schoolId, dob })
      .onConflictDoUpdate({ target: studentProfiles.userId, set: { dob } });
  };
  const ruleOf = async (who: Who, id: string) => {
    const listed = await send(who, 'GET', '/adjustment-rules');
    expect(listed.statusCode, listed.body).toBe(200);
    return (listed.json().data.rules as { _id: string; applied: number }[]).find((rule) => rule._id === id);
  };

  it('gives the younger of two children at two schools of the group the second child’s discount', async () => {
    // The daughter at Ikeja is the elder, her brother at Wuse the younger.
    await bornOn(ids.student, ids.school, '2010-03-14');
    await bornOn(ids.son, ids.secondSchool, '2013-07-02');
    const daughterFee = await feeFor('tuition', [ids.student], '150000', ids.school, ids.term);
    const sonFee = await feeFor('tuition', [ids.son], '120000.50', ids.secondSchool, ids.secondTerm);

    const id = await propose('admin', {
      group_school_id: group,
      kind: 'sibling',
      name: 'Sibling discount',
      fee_types: ['tuition'],
      second_percent: 10,
      later_percent: '15',
    });
    await run();
    expect(await adjustmentsOn(sonFee, ids.son), 'nothing before a second person approves').toEqual([]);
    const approved = await approve('proprietor', id);
    expect(approved).toMatchObject({ status: 'approved', school: null, secondPercent: 10, laterPercent: 15 });

    await run();
    const [discount, ...more] = await adjustmentsOn(sonFee, ids.son);
    expect(more).toEqual([]);
    expect(discount).toMatchObject({
      kind: 'discount',
      status: 'approved',
      ruleId: id,
      amountKobo: 1_200_005n,
      reason: 'Sibling discount: 2nd child',
    });
    expect(await adjustmentsOn(daughterFee, ids.student), 'the eldest pays in full').toEqual([]);
    const card = await send('parent', 'GET', `/student/fees?student_id=${ids.son}`);
    expect(card.json().data.fees).toContainEqual(
      expect.objectContaining({
        fee: expect.objectContaining({ _id: sonFee }),
        reductions: 12_000.05,
        outstanding: 108_000.45,
        adjustments: [expect.objectContaining({ label: 'Sibling discount', amount: -12_000.05 })],
      }),
    );

    await run();
    expect(await adjustmentsOn(sonFee, ids.son), 'a second pass makes nothing more').toHaveLength(1);
    expect((await ruleOf('proprietor', id))?.applied).toBeGreaterThanOrEqual(1);

    await switchOff('admin', id);
    const later = await feeFor('tuition', [ids.son], '1000', ids.secondSchool, ids.secondTerm);
    await run();
    expect(await adjustmentsOn(later, ids.son), 'a rule switched off makes nothing new').toEqual([]);
    expect((await adjustmentsOn(sonFee, ids.son))[0]!.status, 'what it made stays').toBe('approved');
  });

  it('gives a staff member’s child the staff-child discount, and no one else', async () => {
    const bursar = await demoUser(t, 'bursar');
    await t.ctx.db
      .insert(parentStudents)
      .values({ parentId: bursar.id, studentId: ids.stranger, schoolId: ids.school });
    const feeId = await feeFor('uniform', [ids.stranger, ids.student], '20000', ids.school, ids.term);
    const id = await propose('principal', {
      school_id: ids.school,
      kind: 'staff_child',
      name: 'Staff child discount',
      fee_types: ['uniform'],
      basis: 'percent',
      percent: 25,
    });
    await approve('bursar', id);
    await run();
    expect((await adjustmentsOn(feeId, ids.stranger)).map((row) => [row.kind, row.amountKobo, row.reason])).toEqual([
      ['discount', 500_000n, 'Staff child discount'],
    ]);
    expect(await adjustmentsOn(feeId, ids.student), 'the demo parent is not staff').toEqual([]);
    await switchOff('principal', id);
  });

  it('applies a scholarship only once a second person approves it, and never remakes one overridden', async () => {
    const feeId = await feeFor('library', [ids.student], '6000', ids.school, ids.term);
    const outside = await send('bursar', 'POST', '/adjustment-rules', {
      school_id: ids.school,
      kind: 'scholarship',
      name: 'Merit scholarship',
      fee_types: ['library'],
      basis: 'fixed',
      amount: 1000,
      student_ids: [ids.son],
    });
    expect(outside.statusCode, 'a Wuse student cannot hold an Ikeja scholarship').toBe(404);
    expect(outside.json().code).toBe('STUDENT_NOT_FOUND');

    const id = await propose('bursar', {
      school_id: ids.school,
      kind: 'scholarship',
      name: 'Merit scholarship',
      fee_types: ['library'],
      basis: 'percent',
      percent: 50,
      student_ids: [ids.student],
    });
    const own = await send('bursar', 'PATCH', `/adjustment-rules/${id}/decision`, { status: 'approved' });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_ADJUSTMENT_APPROVAL');
    await run();
    expect(await adjustmentsOn(feeId, ids.student)).toEqual([]);

    const approved = await approve('principal', id);
    expect(approved).toMatchObject({
      kind: 'scholarship',
      students: [{ _id: ids.student, name: expect.any(String) }],
      decidedBy: { name: 'Ibrahim Musa' },
    });
    const again = await send('principal', 'PATCH', `/adjustment-rules/${id}/decision`, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ADJUSTMENT_NOT_PENDING');

    await run();
    const [scholarship] = await adjustmentsOn(feeId, ids.student);
    expect(scholarship).toMatchObject({ kind: 'scholarship', amountKobo: 300_000n, status: 'approved' });
    expect(await outstandingOf(t, 'student', feeId)).toBe(3000);
    expect((await ruleOf('bursar', id))?.applied).toBe(1);

    const override = await send('bursar', 'POST', `/adjustments/${scholarship!.id}/reverse`, {
      reason: 'Scholarship suspended for this term',
    });
    expect(override.statusCode, override.body).toBe(200);
    await run();
    expect((await adjustmentsOn(feeId, ids.student)).map((row) => row.status)).toEqual(['reversed']);
    expect(await outstandingOf(t, 'student', feeId)).toBe(6000);
    expect((await ruleOf('bursar', id))?.applied).toBe(0);

    const audit = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'adjustment_rule'), eq(auditLogs.entityId, id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['adjustment_rule.approve', 'adjustment_rule.create']);
    await switchOff('bursar', id);
  });

  it('keeps a one-school bursar’s rule to their school', async () => {
    const ikejaBursar = await bursarOf(t, ids.school);
    const groupWide = await send(ikejaBursar, 'POST', '/adjustment-rules', {
      kind: 'sibling',
      name: 'Sibling discount',
      fee_types: ['laboratory'],
      second_percent: 10,
      later_percent: 10,
    });
    expect(groupWide.statusCode, 'a one-school bursar cannot make a group-wide rule').toBe(403);

    // This time the daughter at Ikeja is the younger child.
    await bornOn(ids.student, ids.school, '2014-01-20');
    await bornOn(ids.son, ids.secondSchool, '2011-05-09');
    const ikejaFee = await feeFor('laboratory', [ids.student], '4000', ids.school, ids.term);
    const wuseFee = await feeFor('laboratory', [ids.son], '4000', ids.secondSchool, ids.secondTerm);
    const id = await propose(ikejaBursar, {
      school_id: ids.school,
      kind: 'sibling',
      name: 'Ikeja sibling discount',
      fee_types: ['laboratory'],
      second_percent: 20,
      later_percent: 30,
    });
    const wuseView = await send('principal2', 'GET', '/adjustment-rules');
    expect(wuseView.json().data.rules.map((rule: { _id: string }) => rule._id)).not.toContain(id);
    const foreign = await send('principal2', 'PATCH', `/adjustment-rules/${id}/decision`, { status: 'approved' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ADJUSTMENT_RULE_NOT_FOUND');
    await approve('principal', id);
    await run();
    expect((await adjustmentsOn(ikejaFee, ids.student)).map((row) => [row.amountKobo, row.reason])).toEqual([
      [80_000n, 'Ikeja sibling discount: 2nd child'],
    ]);
    expect(await adjustmentsOn(wuseFee, ids.son), 'the Wuse fee is not the Ikeja rule’s').toEqual([]);
    await switchOff(ikejaBursar, id);
  });

  it('never takes off more than the student still owes', async () => {
    const feeId = await feeFor('feeding', [ids.student], '3000', ids.school, ids.term);
    await payCash(t, ids.student, feeId, '1000');
    const id = await propose('bursar', {
      school_id: ids.school,
      kind: 'scholarship',
      name: 'Feeding bursary',
      fee_types: ['feeding'],
      basis: 'fixed',
      amount: 5000,
      student_ids: [ids.student],
    });
    await approve('principal', id);
    await run();
    expect((await adjustmentsOn(feeId, ids.student)).map((row) => row.amountKobo)).toEqual([200_000n]);
    expect(await outstandingOf(t, 'student', feeId)).toBe(0);
    await switchOff('bursar', id);
  });

  it('lists the group-wide rules and the caller’s school’s to a one-school caller', async () => {
    const ikeja = await propose('bursar', {
      school_id: ids.school,
      kind: 'scholarship',
      name: 'Ikeja only',
      fee_types: ['library'],
      basis: 'fixed',
      amount: 1,
      student_ids: [ids.student],
    });
    const wuse = await propose('principal2', {
      school_id: ids.secondSchool,
      kind: 'scholarship',
      name: 'Wuse only',
      fee_types: ['library'],
      basis: 'fixed',
      amount: 1,
      student_ids: [ids.son],
    });
    const groupWide = await propose('admin', {
      group_school_id: group,
      kind: 'staff_child',
      name: 'Group staff child',
      fee_types: ['library'],
      basis: 'fixed',
      amount: 1,
    });
    const seen = async (who: Who) =>
      ((await send(who, 'GET', '/adjustment-rules')).json().data.rules as { _id: string }[]).map((rule) => rule._id);
    const bursar = await seen('bursar');
    expect(bursar).toEqual(expect.arrayContaining([ikeja, groupWide]));
    expect(bursar).not.toContain(wuse);
    expect(await seen('proprietor')).toEqual(expect.arrayContaining([ikeja, wuse, groupWide]));
    const notTheirs = await send('principal', 'PATCH', `/adjustment-rules/${groupWide}/decision`, {
      status: 'rejected',
      reason: 'Not for one school to decide',
    });
    expect(notTheirs.statusCode, 'a group-wide rule is decided by someone overseeing the group').toBe(404);
    const rejected = await send('proprietor', 'PATCH', `/adjustment-rules/${groupWide}/decision`, {
      status: 'rejected',
      reason: 'Needs the board',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectionReason: 'Needs the board' });
  });
});
