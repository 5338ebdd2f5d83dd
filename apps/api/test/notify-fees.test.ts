import { and, arrayContains, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parentStudents, users, virtualAccounts } from '../src/db/schema.js';
import { demoEmail, useTestApp } from './helper.js';
import {
  noticesAbout as allNoticesAbout,
  demoUser,
  emailsOf,
  emailsWithSubject,
  noticesOf,
  sorted,
  switchEmailOff,
} from './notify-support.js';
import { call, loadPaymentIds, type PaymentIds } from './payments-support.js';

/** The approvers' "fee to approve" notices are proven in notify-staff-money.test.ts; here, the review's and the payers'. */
const noticesAbout = async (...args: Parameters<typeof allNoticesAbout>) =>
  (await allNoticesAbout(...args)).filter((notice) => notice.kind !== 'fee_to_approve');

describe('fee events: the author hears the review; the students a new fee applies to, and their parents, hear of it', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let arm = '';

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    arm = (await demoUser(t, 'student')).classArmId!;
    expect(arm).toBeTruthy();
  });

  /** Who a fee for the class arm concerns, read straight from the tables: its students and their parents. */
  async function peopleOfArm() {
    const students = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.classArmId, arm),
          arrayContains(users.roles, ['Student']),
          isNull(users.deletedAt),
          eq(users.status, 'active'),
        ),
      );
    const studentIds = students.map((row) => row.id);
    const parents = await t.ctx.db
      .selectDistinct({ id: parentStudents.parentId })
      .from(parentStudents)
      .where(inArray(parentStudents.studentId, studentIds));
    return { students: studentIds, everyone: sorted(new Set([...studentIds, ...parents.map((row) => row.id)])) };
  }

  async function pendingFee(name: string) {
    const created = await call(t, 'bursar', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name,
      description: 'Practical sessions',
      type: 'miscellaneous',
      amount: '4500',
      dueDate: '2030-03-15',
      appliesTo: 'classArms',
      classArm_ids: [arm],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.status).toBe('pending');
    return created.json().data._id as string;
  }

  it('approval: the author is told who approved it; every student of the arm and their parents get the new fee once', async () => {
    const { everyone, students } = await peopleOfArm();
    expect(students.length).toBeGreaterThan(3);
    const parent = await demoUser(t, 'parent');
    await switchEmailOff(t, parent.id, 'fee_assigned');
    const feeId = await pendingFee('Robotics club');
    expect(await noticesAbout(t, 'feeId', feeId)).toHaveLength(0);

    const approved = await call(t, 'principal', 'POST', `/fee/${feeId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const notices = await noticesAbout(t, 'feeId', feeId);

    const bursar = await demoUser(t, 'bursar');
    const toAuthor = notices.filter((notice) => notice.kind === 'fee_approved');
    expect(toAuthor.map((notice) => notice.userId)).toEqual([bursar.id]);
    expect(toAuthor[0]).toMatchObject({
      type: 'success',
      title: 'Fee approved: Robotics club',
      message: 'Your fee Robotics club (₦4,500.00) was approved by Ibrahim Musa.',
      metadata: { amountKobo: '450000', feeId },
    });
    const authorEmails = await emailsWithSubject(t, 'Fee approved: Robotics club');
    expect(authorEmails.map((email) => email.to)).toEqual([demoEmail('bursar')]);
    expect(authorEmails[0]!.text).toContain('approved by Ibrahim Musa');

    const assigned = notices.filter((notice) => notice.kind === 'fee_assigned');
    expect(sorted(assigned.map((notice) => notice.userId))).toEqual(everyone);
    expect(assigned[0]).toMatchObject({
      type: 'info',
      title: 'New fee: Robotics club',
      actionUrl: '/student/fees',
      metadata: { amountKobo: '450000', feeId, dueDate: '2030-03-15' },
    });
    expect(assigned[0]!.message).toContain('15 Mar 2030');

    const emails = await emailsWithSubject(t, 'New Fee Available: Robotics club');
    const withEmail = everyone.filter((id) => id !== parent.id);
    expect(sorted(emails.map((email) => email.to))).toEqual(await emailsOf(t, withEmail));
    expect(emails[0]!.text).toContain('₦4,500.00');
    expect(emails[0]!.text).toContain('15 Mar 2030');
    // The parent who switched fee emails off still has the notice in the app.
    expect(assigned.map((notice) => notice.userId)).toContain(parent.id);
    // Each email tells its reader how to pay by transfer: their own code, or their family's account.
    const student = await demoUser(t, 'student');
    const toStudent = emails.find((email) => email.to === student.email);
    expect(toStudent?.text).toContain(`Write ${student.paymentCode} in the transfer's description`);
  });

  it('tells a family with its own account at the school to pay a new fee into it', async () => {
    const { students } = await peopleOfArm();
    const [holder] = await t.ctx.db
      .select()
      .from(users)
      .where(and(inArray(users.id, students), eq(users.email, (await demoUser(t, 'student')).email)));
    await t.ctx.db.insert(virtualAccounts).values({
      schoolId: ids.school,
      holderKind: 'student',
      holderId: holder!.id,
      provider: 'paystack',
      accountNumber: '9912340003',
      accountName: 'CRESTVIEW COLLEGE / FAMILY',
      bankName: 'Wema Bank',
      bankSlug: 'wema-bank',
      providerAccountId: '8310997',
      customerCode: 'CUS_fee_notice',
      createdBy: holder!.id,
    });
    const feeId = await pendingFee('Chess club');
    expect((await call(t, 'principal', 'POST', `/fee/${feeId}/approve`, {})).statusCode).toBe(200);
    const [email] = (await emailsWithSubject(t, 'New Fee Available: Chess club')).filter(
      (one) => one.to === holder!.email,
    );
    expect(email?.text).toContain(
      "Paying by bank transfer? Send it to your family's own account, 9912340003 at Wema Bank (CRESTVIEW COLLEGE / FAMILY): it pays the fees still owed by itself.",
    );
  });

  it('a student outside the arm and a parent with no child in it hear nothing of the fee', async () => {
    const feeId = await pendingFee('Drama costumes');
    expect((await call(t, 'principal', 'POST', `/fee/${feeId}/approve`, {})).statusCode).toBe(200);
    const { everyone } = await peopleOfArm();
    const reached = (await noticesAbout(t, 'feeId', feeId)).map((notice) => notice.userId);
    const [outsider] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, ids.school), arrayContains(users.roles, ['Student'])))
      .then((rows) => rows.filter((row) => !everyone.includes(row.id)));
    expect(outsider).toBeDefined();
    expect(reached).not.toContain(outsider!.id);
    expect(reached).not.toContain(ids.son);
  });

  it('rejection: the author is told who rejected it and why; nobody is asked to pay', async () => {
    const feeId = await pendingFee('Excursion to Olumo Rock');
    const rejected = await call(t, 'principal', 'POST', `/fee/${feeId}/reject`, { reason: 'Amount not agreed' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const notices = await noticesAbout(t, 'feeId', feeId);
    const bursar = await demoUser(t, 'bursar');
    expect(notices.map((notice) => [notice.userId, notice.kind])).toEqual([[bursar.id, 'fee_rejected']]);
    expect(notices[0]).toMatchObject({
      type: 'error',
      title: 'Fee rejected: Excursion to Olumo Rock',
      metadata: { reason: 'Amount not agreed', feeId },
    });
    expect(notices[0]!.message).toBe(
      'Your fee Excursion to Olumo Rock (₦4,500.00) was rejected by Ibrahim Musa: Amount not agreed',
    );
    const emails = await emailsWithSubject(t, 'Fee rejected: Excursion to Olumo Rock');
    expect(emails.map((email) => email.to)).toEqual([demoEmail('bursar')]);
    expect(emails[0]!.text).toContain('Amount not agreed');
    expect(await noticesOf(t, ids.student, 'fee_assigned')).not.toContainEqual(
      expect.objectContaining({ title: 'New fee: Excursion to Olumo Rock' }),
    );
  });

  it('a fee created already approved for chosen students is announced to them and their parents only', async () => {
    const created = await call(t, 'admin', 'POST', '/fee/create', {
      term_id: ids.term,
      school_id: ids.school,
      name: 'Scholarship top-up',
      description: 'For the chosen',
      type: 'miscellaneous',
      amount: '1000',
      appliesTo: 'students',
      student_ids: [ids.stranger],
      isApproved: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const feeId = created.json().data._id as string;
    const parents = await t.ctx.db
      .select({ id: parentStudents.parentId })
      .from(parentStudents)
      .where(eq(parentStudents.studentId, ids.stranger));
    const reached = await noticesAbout(t, 'feeId', feeId);
    expect(sorted(reached.map((notice) => notice.userId))).toEqual(
      sorted([ids.stranger, ...parents.map((row) => row.id)]),
    );
    expect(new Set(reached.map((notice) => notice.kind))).toEqual(new Set(['fee_assigned']));
  });
});
