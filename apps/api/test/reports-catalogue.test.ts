import { randomUUID } from 'node:crypto';
import { LAGOS, type ReportFilters, type ReportId, type ReportPreview, todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, arrayContains, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classArms, groupSchools, schools, users } from '../src/db/schema.js';
import { settlePayment } from '../src/modules/payments/online/settle.service.js';
import { aClassArm, aParent, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { bearer, FIRST_SCHOOL, insertUser, login, multipart, SECOND_SCHOOL, useTestApp } from './helper.js';
import {
  approvedFee,
  call,
  loadPaymentIds,
  type PaymentIds,
  payCash,
  payOnProviderPage,
  setBankTransfer,
} from './payments-support.js';

const SECRET = 'sk_test_schoolledger_local';
type Section = ReportPreview['sections'][number];
type Row = Section['rows'][number];

/*
 * The reports of the catalogue other than the financial ones, each through POST /reports/preview
 * (money in naira, instants as ISO text) on data the test makes itself.
 */
describe('reports of the catalogue', () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: SECRET };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SECRET });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  const t = useTestApp({ env });
  let ids: PaymentIds;
  const today = todayIn(LAGOS, new Date());
  const todayOnly = { from: today, to: today };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });
  afterAll(async () => {
    await fake?.close();
  });

  async function preview(who: string | { authorization: string }, report: ReportId, filters: ReportFilters = {}) {
    const response = await call(t, who, 'POST', '/reports/preview', { report, filters });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ReportPreview;
  }

  function sectionOf(report: ReportPreview, title: string): Section {
    const section = report.sections.find((candidate) => candidate.title === title);
    expect(section, `section "${title}" among ${report.sections.map((s) => s.title).join(', ')}`).toBeDefined();
    return section!;
  }

  const schoolsIn = (rows: Row[]) => [...new Set(rows.map((row) => row.school))].sort();

  async function createFee(fields: Record<string, unknown>) {
    const response = await call(t, 'admin', 'POST', '/fee/create', { description: 'Report test', ...fields });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function refund(who: string, paymentId: string) {
    const response = await call(t, who, 'POST', `/payment/${paymentId}/refund`, { reason: 'Paid twice by mistake' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { _id: string; trx_ref: string };
  }

  /** A new person of the school who signs in wrongly `failures` times and then, if `succeed`, rightly. */
  async function signInAttempts(schoolId: string, failures: number, succeed: boolean) {
    const email = `report-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email, roles: ['Bursar'], schoolId });
    for (let n = 0; n < failures; n++) {
      expect((await login(t, email, 'not-the-password')).statusCode).toBe(401);
    }
    if (!succeed) return { email, token: undefined };
    const signedIn = await login(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return { email, token: signedIn.json().data.token as string };
  }

  describe('fee schedule', () => {
    it('lists each approved, active fee of the term per class arm with its plan, and fees of named students apart', async () => {
      const session = await aSession(t, {
        school_id: ids.school,
        name: '2041/2042',
        startDate: '2041-09-01',
        endDate: '2042-07-31',
      });
      const term = await aTerm(t, { session: session.id, startDate: '2041-09-08', endDate: '2041-12-18' });
      const armA = await aClassArm(t, { school_id: ids.school });
      const armB = await aClassArm(t, { school_id: ids.school });
      const pupil = await aStudent(t, { school_id: ids.school, classArm_id: armA.id });
      const inTerm = { term_id: term.id, school_id: ids.school, isApproved: true };
      await createFee({
        ...inTerm,
        name: 'Tuition',
        type: 'tuition',
        amount: '150000',
        dueDate: '2041-09-30',
        isInstallmentAllowed: true,
        no_ofInstallments: 3,
      });
      await createFee({
        ...inTerm,
        name: 'Laboratory',
        type: 'laboratory',
        amount: '20000',
        appliesTo: 'classArms',
        classArm_ids: [armA.id],
      });
      await createFee({
        ...inTerm,
        name: 'Transport',
        type: 'transport',
        amount: '5000.50',
        dueDate: '2041-10-15',
        appliesTo: 'students',
        student_ids: [pupil.id],
      });
      // Neither a switched-off fee nor one waiting for approval is anyone's to pay.
      await createFee({ ...inTerm, name: 'Switched off', type: 'sports', amount: '777', isActive: false });
      const pending = await call(t, 'bursar', 'POST', '/fee/create', {
        term_id: term.id,
        school_id: ids.school,
        name: 'Waiting',
        description: 'Not approved',
        type: 'sports',
        amount: '999',
      });
      expect(pending.statusCode, pending.body).toBe(200);
      const arms = await t.ctx.db
        .select({ name: classArms.name })
        .from(classArms)
        .where(eq(classArms.schoolId, ids.school));

      const schedule = await preview('bursar', 'fee_schedule', { termId: term.id });

      const byArm = sectionOf(schedule, 'Fees by class arm');
      expect(byArm.totalRows).toBe(arms.length + 1);
      expect(byArm.rows.filter((row) => row.classArm === armA.name)).toEqual([
        {
          classArm: armA.name,
          fee: 'Laboratory',
          type: 'Laboratory',
          amount: 20000,
          dueDate: '2041-11-18',
          installments: 'Pay in full',
        },
        {
          classArm: armA.name,
          fee: 'Tuition',
          type: 'Tuition',
          amount: 150000,
          dueDate: '2041-09-30',
          installments: '3 × ₦50,000.00',
        },
      ]);
      expect(byArm.totals).toMatchObject({ amount: arms.length * 150000 + 20000 });
      expect(new Set(byArm.rows.map((row) => row.classArm))).toEqual(new Set(arms.map((arm) => arm.name)));
      expect(sectionOf(schedule, 'Fees for named students').rows).toEqual([
        {
          student: 'Temilade Ogunbanjo',
          regNo: pupil.regNo,
          classArm: armA.name,
          fee: 'Transport',
          type: 'Transport',
          amount: 5000.5,
          dueDate: '2041-10-15',
          installments: 'Pay in full',
        },
      ]);
      expect(schedule.subtitle).toContain('A fee set without a due date is due 30 days before the term ends.');

      const oneArm = await preview('bursar', 'fee_schedule', { termId: term.id, classArmId: armB.id });
      expect(oneArm.sections.map((section) => section.title)).toEqual(['Fees by class arm']);
      expect(oneArm.sections[0]!.rows).toEqual([
        {
          classArm: armB.name,
          fee: 'Tuition',
          type: 'Tuition',
          amount: 150000,
          dueDate: '2041-09-30',
          installments: '3 × ₦50,000.00',
        },
      ]);
    });

    it("never shows another school's term or class arms", async () => {
      const foreign = await call(t, 'principal2', 'POST', '/reports/preview', {
        report: 'fee_schedule',
        filters: { termId: ids.term },
      });
      expect(foreign.statusCode).toBe(404);

      const wuse = await preview('principal2', 'fee_schedule');
      const rows = sectionOf(wuse, 'Fees by class arm').rows;
      const ikejaOnly = await aClassArm(t, { school_id: ids.school });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.classArm)).not.toContain(ikejaOnly.name);
      const wuseArms = await t.ctx.db
        .select({ name: classArms.name })
        .from(classArms)
        .where(eq(classArms.schoolId, ids.secondSchool));
      expect(new Set(rows.map((row) => row.classArm))).toEqual(new Set(wuseArms.map((arm) => arm.name)));
    });
  });

  describe('reconciliation', () => {
    async function startOnline(feeId: string) {
      const started = await call(t, 'student', 'POST', '/payment/initiate', { fee_id: feeId });
      expect(started.statusCode, started.body).toBe(200);
      return started.json().data as { paymentUrl: string; reference: string };
    }

    async function payOnFake(paymentUrl: string) {
      await payOnProviderPage(paymentUrl);
    }

    async function claimTransfer(feeId: string) {
      const body = await multipart({
        fee_id: feeId,
        amount: '400',
        transfer_date: today,
        bank_reference: 'GTB-000123',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/bank-transfer',
        headers: { ...(await t.as('student')), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { trx_ref: string };
    }

    it("compares our status with the provider's, and lists reviews, unconfirmed transfers and refunds", async () => {
      const fee = (amount: string) => approvedFee(t, ids.school, ids.term, amount);
      const credited = await startOnline(await fee('1000'));
      await payOnFake(credited.paymentUrl);
      expect(await settlePayment(t.ctx, credited.reference, { source: 'callback' })).toBe('credited');
      const held = await startOnline(await fee('2000'));
      await payOnFake(held.paymentUrl);
      const tampered = await fetch(`${fake.url}/__fake/transactions/${held.reference}/amount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 150_000 }),
      });
      expect(tampered.status).toBe(200);
      expect(await settlePayment(t.ctx, held.reference, { source: 'callback' })).toBe('review');
      await startOnline(await fee('3000'));
      await setBankTransfer(t, ids.school, true);
      const claim = await claimTransfer(await fee('1000'));
      const paidInCash = await payCash(t, ids.student, await fee('1000'), '1000', 'bursar');
      const refunded = await refund('bursar', paidInCash._id);
      const wusePaid = await payCash(t, ids.son, await approvedFee(t, ids.secondSchool, ids.secondTerm, '700'), '700');
      const wuseRefund = await refund('admin', wusePaid._id);

      const report = await preview('bursar', 'reconciliation', todayOnly);

      const providers = sectionOf(report, 'Online payments by provider');
      expect(providers.rows).toEqual([
        { provider: 'Paystack', status: 'Pending', providerStatus: 'None recorded', payments: 1, amount: 3000 },
        { provider: 'Paystack', status: 'In review', providerStatus: 'success', payments: 1, amount: 2000 },
        { provider: 'Paystack', status: 'Successful', providerStatus: 'success', payments: 1, amount: 1000 },
      ]);
      expect(providers.totals).toMatchObject({ payments: 3, amount: 6000 });
      expect(sectionOf(report, 'Payments under review').rows).toEqual([
        {
          reference: held.reference,
          student: 'Chiamaka Ifeoma Obi',
          provider: 'Paystack',
          amount: 2000,
          reported: 1500,
          reason: 'amount 150000 kobo is not 200000 kobo',
          since: expect.any(String),
        },
      ]);
      expect(sectionOf(report, 'Transfers claimed, not confirmed').rows).toEqual([
        {
          reference: claim.trx_ref,
          student: 'Chiamaka Ifeoma Obi',
          bankReference: 'GTB-000123',
          amount: 400,
          claimedAt: expect.any(String),
          daysWaiting: 0,
        },
      ]);
      const refunds = sectionOf(report, 'Refunds');
      expect(refunds.rows).toEqual([
        {
          reference: refunded.trx_ref,
          student: 'Chiamaka Ifeoma Obi',
          originalReceipt: paidInCash.receiptNo,
          method: 'Cash Payment',
          amount: 1000,
          status: 'Successful',
          at: expect.any(String),
        },
      ]);
      expect(refunds.totals).toMatchObject({ amount: 1000 });
      // No settlement or payout on a statement that day: the section is there, empty.
      expect(sectionOf(report, 'Settlements and the bank').rows).toEqual([]);

      const group = await preview('proprietor', 'reconciliation', todayOnly);
      const groupRefunds = sectionOf(group, 'Refunds').rows;
      expect(groupRefunds.map((row) => [row.school, row.reference, row.amount]).sort()).toEqual(
        [
          [FIRST_SCHOOL, refunded.trx_ref, 1000],
          [SECOND_SCHOOL, wuseRefund.trx_ref, 700],
        ].sort(),
      );

      const before = await preview('bursar', 'reconciliation', { from: '2020-01-01', to: '2020-12-31' });
      expect(before.sections.map((section) => section.totalRows)).toEqual([0, 0, 0, 0, 0]);
    });
  });

  describe('class lists and enrolment', () => {
    it('lists each class arm with its students, their status and parent or guardian, and those in no arm', async () => {
      const arm = await aClassArm(t, { school_id: ids.school, capacity: 4 });
      const linked = await aStudent(t, {
        school_id: ids.school,
        classArm_id: arm.id,
        firstname: 'Bola',
        lastname: 'Akande',
        gender: 'Male',
      });
      const suspended = await aStudent(t, {
        school_id: ids.school,
        classArm_id: arm.id,
        firstname: 'Chidi',
        lastname: 'Eze',
      });
      const placeless = await aStudent(t, { school_id: ids.school, classArm_id: arm.id });
      const parent = await aParent(t, ids.school);
      const link = await call(t, 'admin', 'POST', `/students/${linked.id}/link-parent`, { parentId: parent.id });
      expect(link.statusCode, link.body).toBe(200);
      const status = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/students/${suspended.id}/academic`,
        headers: await t.as('admin'),
        payload: { academicStatus: 'suspended' },
      });
      expect(status.statusCode, status.body).toBe(200);
      // No screen takes a student out of every class arm; an imported or older record can be so.
      await t.ctx.db.update(users).set({ classArmId: null }).where(eq(users.id, placeless.id));
      const wuseArm = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.secondSchool)).limit(1);
      const foreign = await aStudent(t, { school_id: ids.secondSchool, classArm_id: wuseArm[0]!.id });

      const oneArm = await preview('principal', 'class_lists', { classArmId: arm.id });
      expect(oneArm.sections.map((section) => [section.title, section.rows])).toEqual([
        [
          arm.name,
          [
            {
              regNo: linked.regNo,
              name: 'Bola Akande',
              gender: 'Male',
              status: 'Active',
              parentOrGuardian: 'Test User',
            },
            {
              regNo: suspended.regNo,
              name: 'Chidi Eze',
              gender: 'Female',
              status: 'Suspended',
              parentOrGuardian: 'Bukola Ogunbanjo',
            },
          ],
        ],
      ]);

      const school = await preview('principal', 'class_lists');
      const arms = await t.ctx.db
        .select({ name: classArms.name })
        .from(classArms)
        .where(eq(classArms.schoolId, ids.school))
        .orderBy(classArms.name);
      expect(school.sections.map((section) => section.title)).toEqual([
        ...arms.map((row) => row.name),
        'Not in a class arm',
      ]);
      expect(sectionOf(school, 'Not in a class arm').rows.map((row) => row.regNo)).toEqual([placeless.regNo]);
      const listed = school.sections.flatMap((section) => section.rows.map((row) => row.regNo));
      expect(listed).toContain(linked.regNo);
      expect(listed).not.toContain(foreign.regNo);

      const group = await preview('proprietor', 'class_lists');
      const titles = group.sections.map((section) => section.title);
      expect(titles).toContain(`${arm.name} (${FIRST_SCHOOL})`);
      expect(titles).toContain(`${wuseArm[0]!.name} (${SECOND_SCHOOL})`);
      expect(titles).toContain(`Not in a class arm (${FIRST_SCHOOL})`);

      const enrolment = await preview('principal', 'enrolment');
      const byArm = sectionOf(enrolment, 'Enrolment by class arm');
      expect(byArm.rows.find((row) => row.classArm === arm.name)).toMatchObject({
        capacity: 4,
        active: 1,
        suspended: 1,
        total: 2,
        fill: 50,
      });
      expect(byArm.rows.find((row) => row.classArm === 'Not in a class arm')).toMatchObject({
        capacity: null,
        total: 1,
        fill: null,
      });
      expect(byArm.columns.map((column) => column.key)).toEqual(expect.arrayContaining(['active', 'suspended']));
      const [students] = await t.ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.schoolId, ids.school), arrayContains(users.roles, ['Student']), isNull(users.deletedAt)));
      expect(byArm.totals).toMatchObject({ total: students!.n });
    });
  });

  describe('promotions', () => {
    it('shows a class promoted together as one row with its count, a single promotion as one, by whom', async () => {
      const from = await aClassArm(t, { school_id: ids.school, capacity: 10 });
      const to = await aClassArm(t, { school_id: ids.school, capacity: 10 });
      const [first, second, third] = [
        await aStudent(t, { school_id: ids.school, classArm_id: from.id }),
        await aStudent(t, { school_id: ids.school, classArm_id: from.id }),
        await aStudent(t, { school_id: ids.school, classArm_id: from.id }),
      ];
      const bulk = await call(t, 'principal', 'POST', '/students/promote', {
        fromClassArm_id: from.id,
        toClassArm_id: to.id,
        studentIds: [first!.id, second!.id],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const single = await call(t, 'principal', 'POST', `/students/${third!.id}/promote`, { toClassArm_id: to.id });
      expect(single.statusCode, single.body).toBe(200);
      const wuseFrom = await aClassArm(t, { school_id: ids.secondSchool });
      const wuseTo = await aClassArm(t, { school_id: ids.secondSchool });
      const wuseStudent = await aStudent(t, { school_id: ids.secondSchool, classArm_id: wuseFrom.id });
      const wuse = await call(t, 'admin', 'POST', `/students/${wuseStudent.id}/promote`, { toClassArm_id: wuseTo.id });
      expect(wuse.statusCode, wuse.body).toBe(200);

      const report = await preview('principal', 'promotions', todayOnly);
      const promotions = sectionOf(report, 'Promotions');
      expect(promotions.rows).toEqual([
        { at: expect.any(String), fromArm: from.name, toArm: to.name, students: 2, by: 'Ibrahim Musa' },
        { at: expect.any(String), fromArm: from.name, toArm: to.name, students: 1, by: 'Ibrahim Musa' },
      ]);
      expect(promotions.totals).toMatchObject({ students: 3 });

      const group = await preview('proprietor', 'promotions', todayOnly);
      expect(sectionOf(group, 'Promotions').rows.map((row) => [row.school, row.toArm, row.students])).toEqual([
        [FIRST_SCHOOL, to.name, 2],
        [FIRST_SCHOOL, to.name, 1],
        [SECOND_SCHOOL, wuseTo.name, 1],
      ]);

      const earlier = await preview('principal', 'promotions', { from: '2020-01-01', to: '2020-12-31' });
      expect(sectionOf(earlier, 'Promotions').rows).toEqual([]);
    });
  });

  describe('users by role', () => {
    it('counts active, locked-out and inactive people per school and role', async () => {
      const school = await aSchool(t);
      const person = (roles: string[]) =>
        insertUser(t, { email: `role-${randomUUID().slice(0, 8)}@example.test`, roles, schoolId: school.id });
      await person(['Bursar']);
      await person(['Bursar']);
      const inactive = await person(['Bursar']);
      const locked = await person(['Bursar']);
      await person(['Bursar', 'Auditor']);
      await t.ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, inactive.id));
      await t.ctx.db
        .update(users)
        .set({ lockedUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(users.id, locked.id));

      const report = await preview('admin', 'users_by_role', { schoolId: school.id });
      const roles = sectionOf(report, 'Users by role and status');
      expect(roles.rows).toEqual([
        { school: school.name, role: 'Bursar', active: 3, locked: 1, inactive: 1, total: 5 },
        { school: school.name, role: 'Auditor', active: 1, locked: 0, inactive: 0, total: 1 },
      ]);
      expect(roles.totals).toMatchObject({ active: 4, locked: 1, inactive: 1, total: 6 });
    });

    it('keeps to the caller’s schools: a school’s auditor sees it alone, a proprietor their group', async () => {
      const [group] = await t.ctx.db
        .insert(groupSchools)
        .values({ name: 'Another Group', description: 'Not Crestview' })
        .returning();
      const [elsewhere] = await t.ctx.db
        .insert(schools)
        .values({ groupSchoolId: group!.id, name: 'Another Group School', phoneNumber: '+2348000000000' })
        .returning();
      await insertUser(t, { email: `other-${randomUUID().slice(0, 8)}@example.test`, schoolId: elsewhere!.id });

      const own = await preview('auditor', 'users_by_role');
      expect(schoolsIn(sectionOf(own, 'Users by role and status').rows)).toEqual([FIRST_SCHOOL]);

      const proprietor = await preview('proprietor', 'users_by_role');
      const seen = schoolsIn(sectionOf(proprietor, 'Users by role and status').rows);
      expect(seen).toEqual(expect.arrayContaining([FIRST_SCHOOL, SECOND_SCHOOL]));
      expect(seen).not.toContain('Another Group School');
      expect(seen).not.toContain('No school (platform)');

      const everyone = await preview('admin', 'users_by_role');
      const all = sectionOf(everyone, 'Users by role and status').rows;
      expect(all.find((row) => row.school === 'No school (platform)' && row.role === 'Administrator')).toMatchObject({
        active: 1,
      });
      expect(schoolsIn(all)).toContain('Another Group School');
    });
  });

  describe('sign-in activity', () => {
    it('counts each person’s successful and failed sign-ins in the period, within the caller’s schools', async () => {
      const startedAt = Date.now();
      const ikeja = await signInAttempts(ids.school, 2, true);
      const wuse = await signInAttempts(ids.secondSchool, 1, false);

      const report = await preview('auditor', 'sign_in_activity', todayOnly);
      const rows = sectionOf(report, 'Sign-in activity').rows;
      const mine = rows.filter((row) => row.email === ikeja.email);
      expect(mine).toEqual([
        {
          name: 'Test User',
          email: ikeja.email,
          roles: 'Bursar',
          school: FIRST_SCHOOL,
          succeeded: 1,
          failed: 2,
          last: expect.any(String),
        },
      ]);
      const last = Date.parse(String(mine[0]!.last));
      expect(last).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(last).toBeLessThanOrEqual(Date.now());
      expect(rows.map((row) => row.email)).not.toContain(wuse.email);

      const group = await preview('proprietor', 'sign_in_activity', todayOnly);
      expect(sectionOf(group, 'Sign-in activity').rows.filter((row) => row.email === wuse.email)).toEqual([
        {
          name: 'Test User',
          email: wuse.email,
          roles: 'Bursar',
          school: SECOND_SCHOOL,
          succeeded: 0,
          failed: 1,
          last: null,
        },
      ]);

      const earlier = await preview('auditor', 'sign_in_activity', { from: '2020-01-01', to: '2020-12-31' });
      expect(sectionOf(earlier, 'Sign-in activity').rows).toEqual([]);
    });
  });

  describe('audit reports', () => {
    it('failed sign-ins: every refused attempt of the period, one row each', async () => {
      const { email } = await signInAttempts(ids.school, 2, false);
      const report = await preview('auditor', 'failed_logins', todayOnly);
      const section = sectionOf(report, 'Failed sign-ins');
      expect(section.rows.filter((row) => row.email === email).map((row) => [row.school, row.reason])).toEqual([
        [FIRST_SCHOOL, 'bad_password'],
        [FIRST_SCHOOL, 'bad_password'],
      ]);
    });

    it('security events: two refused sign-ins are two more entries', async () => {
      const before = sectionOf(await preview('auditor', 'audit_security', todayOnly), 'Security events').totalRows;
      await signInAttempts(ids.school, 2, false);
      const after = sectionOf(await preview('auditor', 'audit_security', todayOnly), 'Security events');
      expect(after.totalRows).toBe(before + 2);
      expect(after.rows.filter((row) => row.action === 'auth.login_failed').length).toBeGreaterThanOrEqual(2);
    });

    it('financial activity: a cash payment is one credit entry with its amount', async () => {
      const paid = await payCash(t, ids.student, await approvedFee(t, ids.school, ids.term, '1250.50'), '1250.50');
      const report = await preview('auditor', 'audit_financial', todayOnly);
      const entries = sectionOf(report, 'Financial activity').rows.filter((row) => row.entityId === paid._id);
      expect(entries.map((row) => [row.action, row.amount, row.school])).toEqual([
        ['payment.credit', 1250.5, FIRST_SCHOOL],
      ]);
    });

    it("audit trail: the audit module's columns, and only the caller's school", async () => {
      await approvedFee(t, ids.secondSchool, ids.secondTerm, '10');
      const report = await preview('principal2', 'audit_trail', todayOnly);
      const section = sectionOf(report, 'Audit trail');
      expect(section.columns.map((column) => column.key)).toEqual([
        'time',
        'school',
        'person',
        'summary',
        'action',
        'module',
        'entityId',
        'category',
        'severity',
        'amount',
        'ip',
        'seq',
        'hash',
      ]);
      expect(section.rows.length).toBeGreaterThan(0);
      expect(schoolsIn(section.rows)).toEqual([SECOND_SCHOOL]);
    });

    it('user activity: a person with a sign-in and a cash payment has two entries', async () => {
      const { email, token } = await signInAttempts(ids.school, 0, true);
      const fee = await approvedFee(t, ids.school, ids.term, '300');
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/pay-with-cash',
        headers: { ...bearer(token!), 'idempotency-key': randomUUID() },
        payload: { user_id: ids.student, fee_id: fee, amount: '300' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const report = await preview('auditor', 'user_activity', todayOnly);
      expect(sectionOf(report, 'User activity').rows.filter((row) => row.email === email)).toEqual([
        expect.objectContaining({ name: 'Test User', roles: 'Bursar', school: FIRST_SCHOOL, count: 2 }),
      ]);
    });
  });
});
