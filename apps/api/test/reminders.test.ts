import { DEFAULT_MESSAGING_SETTINGS } from '@schoolledger/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  messageConsents,
  messageOutbox,
  notifications,
  parentStudents,
  paymentReminders,
  schoolMessagingSettings,
  users,
  virtualAccounts,
} from '../src/db/schema.js';
import { runReminders } from '../src/modules/fees/reminders.service.js';
import { aClassArm, aFee, aParent, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { useTestApp } from './helper.js';
import { emailsTo } from './notify-support.js';
import { bursarOf, call, insertPayment } from './payments-support.js';

// 09:00 in Lagos; each test moves the clock.
let now = new Date('2026-03-01T08:00:00Z');
const t = useTestApp({ clock: () => now });

/** A new school with one student, their parent, and an approved ₦1,500 fee due on `dueDate`. */
async function aStudentOwing(dueDate: string) {
  const school = await aSchool(t);
  const session = await aSession(t, { school_id: school.id });
  const term = await aTerm(t, { session: session.id });
  const arm = await aClassArm(t, { school_id: school.id });
  const student = await aStudent(t, { school_id: school.id, classArm_id: arm.id, firstname: 'Adaeze' });
  const parent = await aParent(t, school.id);
  await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: student.id, schoolId: school.id });
  const fee = await aFee(t, {
    school_id: school.id,
    term_id: term.id,
    dueDate,
    isApproved: true,
    name: 'Library Levy',
  });
  expect(fee.status).toBe('approved');
  return { school, student, parent, fee };
}

const remindersOf = (feeId: string) =>
  t.ctx.db
    .select()
    .from(paymentReminders)
    .where(eq(paymentReminders.feeId, feeId))
    .orderBy(asc(paymentReminders.createdAt), asc(paymentReminders.stage), asc(paymentReminders.recipientId));

const run = () => runReminders(t.ctx, { now: t.ctx.clock() });

/** The person's SMS and WhatsApp messages (their emails share the outbox). */
const phoneMessagesOf = (userId: string) =>
  t.ctx.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.userId, userId), ne(messageOutbox.channel, 'email')));

/** The ₦1,500 fee paid in full at the desk, now. */
const payInFull = ({
  school,
  student,
  fee,
}: Pick<Awaited<ReturnType<typeof aStudentOwing>>, 'school' | 'student' | 'fee'>) =>
  insertPayment(t, {
    schoolId: school.id,
    studentId: student.id,
    feeId: fee.id,
    amountKobo: 150_000n,
    method: 'cash',
    status: 'success',
    paidAt: now,
  });

describe('automatic payment reminders (SPEC §9)', () => {
  it('reaches the student and the parent once per stage, as the Lagos calendar crosses 7, 3 and 0 days', async () => {
    const { student, parent, fee } = await aStudentOwing('2026-03-10');
    const stagesAt = async (instant: string) => {
      now = new Date(instant);
      await run();
      return (await remindersOf(fee.id)).map(
        (row) => `${row.stage}:${row.recipientId === student.id ? 'student' : 'parent'}`,
      );
    };

    // 23:59 on 2 March in Lagos: 8 days to go, nothing yet.
    expect(await stagesAt('2026-03-02T22:59:00Z')).toEqual([]);
    // Midnight in Lagos (still 2 March in UTC): 7 days, due soon.
    const dueSoon = await stagesAt('2026-03-02T23:00:00Z');
    expect(dueSoon.sort()).toEqual(['due_soon:parent', 'due_soon:student']);
    // Running again the same day, and later in the stage, sends nothing more.
    expect((await stagesAt('2026-03-06T22:59:00Z')).sort()).toEqual(dueSoon.sort());
    // 3 days left in Lagos: urgent.
    expect((await stagesAt('2026-03-06T23:00:00Z')).filter((row) => row.startsWith('urgent')).sort()).toEqual([
      'urgent:parent',
      'urgent:student',
    ]);
    // The due day itself is still urgent; the next Lagos day is overdue.
    expect((await stagesAt('2026-03-10T22:59:00Z')).filter((row) => row.startsWith('overdue'))).toEqual([]);
    expect((await stagesAt('2026-03-10T23:00:00Z')).filter((row) => row.startsWith('overdue')).sort()).toEqual([
      'overdue:parent',
      'overdue:student',
    ]);
    expect(await stagesAt('2026-03-12T09:00:00Z')).toHaveLength(6);

    const rows = await remindersOf(fee.id);
    expect(rows.map((row) => row.sent)).toEqual([true, true, true, true, true, true]);
    const parentNotices = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.kind, 'payment_reminder')))
      .orderBy(asc(notifications.seq));
    expect(parentNotices.map((notice) => notice.type)).toEqual([
      'payment_reminder',
      'payment_reminder',
      'payment_overdue',
    ]);
    expect(parentNotices[0]!.message).toBe(
      'Library Levy for Adaeze Ogunbanjo (₦1,500.00) is due in 7 days, on 10 Mar 2026.',
    );
    expect(parentNotices[2]!.metadata).toMatchObject({
      amountKobo: '150000',
      dueDate: '2026-03-10',
      feeId: fee.id,
      studentId: student.id,
      reminderType: 'overdue',
    });
  });

  it('sends a parent one SMS naming each child who owes, however the run is cut into batches', async () => {
    now = new Date('2026-06-20T09:00:00Z');
    const { school, student, parent } = await aStudentOwing('2026-06-10');
    const arm = await aClassArm(t, { school_id: school.id });
    const brother = await aStudent(t, { school_id: school.id, classArm_id: arm.id, firstname: 'Chidi' });
    await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: brother.id, schoolId: school.id });
    await t.ctx.db.update(users).set({ phone: '0803 555 0142', phoneVerifiedAt: now }).where(eq(users.id, parent.id));
    await t.ctx.db
      .insert(messageConsents)
      .values({ userId: parent.id, channel: 'sms', phone: '2348035550142', wording: 'I agree', method: 'paper' });
    const result = await runReminders(t.ctx, { now, batchSize: 1 });
    expect(result.sent).toBe(result.created);
    const sms = await phoneMessagesOf(parent.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', kind: 'payment_reminder', noticeKey: 'reminder:2026-06-20' });
    expect(sms[0]!.body).toContain(student.firstname);
    expect(sms[0]!.body).toContain('Chidi');
    expect(sms[0]!.body).toContain('total NGN 3,000');
    // The children have no phone of their own confirmed: nothing goes to them.
    const toChildren = await phoneMessagesOf(student.id);
    expect(toChildren).toEqual([]);
  });

  it('delivers every reminder of a run exactly once when it takes several batches, two at a time', async () => {
    now = new Date('2026-05-20T09:00:00Z');
    const owing = await Promise.all(['2026-05-10', '2026-05-11', '2026-05-12'].map(aStudentOwing));
    const result = await runReminders(t.ctx, { now, batchSize: 1 });
    expect(result.sent).toBe(result.created);
    for (const { student, parent, fee } of owing) {
      const rows = await remindersOf(fee.id);
      expect(rows.map((row) => [row.stage, row.sent])).toEqual([
        ['overdue', true],
        ['overdue', true],
      ]);
      for (const person of [student, parent]) {
        const notices = await t.ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'payment_reminder')));
        expect(notices).toHaveLength(1);
      }
    }
  });

  it('emails the overdue stage with the urgent subject, behind what people are waiting on', async () => {
    now = new Date('2026-04-20T09:00:00Z');
    const { student, fee } = await aStudentOwing('2026-04-15');
    await run();
    const [email] = (await emailsTo(t, student.email)).filter((row) => row.templateId === 'payment_overdue');
    expect(email?.subject).toBe(`URGENT: Overdue Fee Payment - ${fee.name}`);
    // Of a kind sent in bulk: the sender takes it after what people are waiting on.
    expect(email?.kind).toBe('payment_reminder');
    expect(email?.text).toContain('was due on 15 Apr 2026 and is now 5 day(s) overdue');
    expect(email?.text).toContain('₦1,500.00');
    // A transfer made from the email carries the student's code, so the school can tell it is theirs.
    const [code] = await t.ctx.db.select({ code: users.paymentCode }).from(users).where(eq(users.id, student.id));
    expect(email?.text).toContain(`Write ${code!.code} in the transfer's description`);
  });

  it('tells a parent whose family has its own account to pay into it; the student, without one, gets the code', async () => {
    now = new Date('2026-04-20T09:00:00Z');
    const { school, student, parent } = await aStudentOwing('2026-04-15');
    await t.ctx.db.insert(virtualAccounts).values({
      schoolId: school.id,
      holderKind: 'parent',
      holderId: parent.id,
      provider: 'paystack',
      accountNumber: '9912340001',
      accountName: 'BUILT SCHOOL / NGOZI ADAEZE',
      bankName: 'Wema Bank',
      bankSlug: 'wema-bank',
      providerAccountId: '8310999',
      customerCode: 'CUS_reminders',
      createdBy: parent.id,
    });
    await run();
    const emailTo = async (email: string) =>
      (await emailsTo(t, email)).find((row) => row.templateId === 'payment_overdue');
    const toParent = await emailTo(parent.email);
    expect(toParent?.text).toContain(
      "Paying by bank transfer? Send it to your family's own account, 9912340001 at Wema Bank (BUILT SCHOOL / NGOZI ADAEZE): it pays the fees still owed by itself.",
    );
    expect(toParent?.text).not.toContain("in the transfer's description");
    const toStudent = await emailTo(student.email);
    expect(toStudent?.text).toContain("in the transfer's description");
  });

  it('sends nothing about a fee that is paid', async () => {
    now = new Date('2026-05-05T09:00:00Z');
    const { school, student, fee } = await aStudentOwing('2026-05-07');
    await payInFull({ school, student, fee });
    await run();
    expect(await remindersOf(fee.id)).toEqual([]);
  });

  it('honours a school that switched a stage off', async () => {
    now = new Date('2026-06-01T09:00:00Z');
    const { school, fee } = await aStudentOwing('2026-06-03');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notification/reminder-settings?school_id=${school.id}`,
      headers: await t.as('admin'),
      payload: { dueSoon: true, urgent: false, overdue: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ schoolId: school.id, dueSoon: true, urgent: false, overdue: true });
    await run();
    expect(await remindersOf(fee.id)).toEqual([]);

    const get = await call(t, 'admin', 'GET', `/notification/reminder-settings?school_id=${school.id}`);
    expect(get.json().data.urgent).toBe(false);
  });

  it("checks only the signed-in person's reminders when asked for one person", async () => {
    now = new Date('2026-07-01T09:00:00Z');
    const { parent, fee } = await aStudentOwing('2026-07-03');
    await runReminders(t.ctx, { now, userId: parent.id });
    const rows = await remindersOf(fee.id);
    expect(rows.map((row) => [row.recipientId, row.stage, row.sent])).toEqual([[parent.id, 'urgent', true]]);
  });
});

describe('manual payment reminders', () => {
  it('are created unsent for the student and parents, sent once, and refused a second time', async () => {
    now = new Date('2026-08-01T09:00:00Z');
    const { school, student, parent, fee } = await aStudentOwing('2026-09-30');
    const bursar = await bursarOf(t, school.id);
    const created = await call(t, bursar, 'POST', '/notification/payment-reminder', {
      feeId: fee.id,
      studentId: student.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Payment reminder created');
    const reminders = created.json().data as {
      _id: string;
      recipientId: string;
      sent: boolean;
      stage: string;
      amount: number;
    }[];
    expect(reminders.map((r) => r.recipientId).sort()).toEqual([student.id, parent.id].sort());
    expect(reminders.map((r) => [r.stage, r.sent, r.amount])).toEqual([
      ['manual', false, 1500],
      ['manual', false, 1500],
    ]);

    const toParent = reminders.find((r) => r.recipientId === parent.id)!;
    const sent = await call(t, bursar, 'POST', `/notification/payment-reminder/${toParent._id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Payment reminder sent', data: { _id: toParent._id, sent: true } });
    const reminded = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.kind, 'payment_reminder')));
    expect(reminded.map((notice) => notice.title)).toEqual([`Payment reminder: ${fee.name}`]);

    const again = await call(t, bursar, 'POST', `/notification/payment-reminder/${toParent._id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment reminder was already sent. Create a new reminder to send another.');

    const list = await call(t, bursar, 'GET', `/notification/payment-reminders?fee_id=${fee.id}&sent=true`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.reminders.map((r: { _id: string }) => r._id)).toEqual([toParent._id]);
    expect(list.json().data.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });

    // Another school's bursar does not see it.
    const other = await bursarOf(t, (await aSchool(t)).id);
    const foreign = await call(t, other, 'POST', `/notification/payment-reminder/${reminders[0]!._id}/send`);
    expect(foreign.statusCode).toBe(404);
    const foreignList = await call(t, other, 'GET', `/notification/payment-reminders?fee_id=${fee.id}`);
    expect(foreignList.json().data.reminders).toEqual([]);
  });

  it('are refused for a fee that is paid, not approved, or not the student’s', async () => {
    now = new Date('2026-08-02T09:00:00Z');
    const { school, student, fee } = await aStudentOwing('2026-09-30');
    const pending = await aFee(t, { school_id: school.id, term_id: fee.termId, dueDate: '2026-09-30' });
    const elsewhere = await aStudentOwing('2026-09-30');
    const bursar = await bursarOf(t, school.id);
    const create = (feeId: string, studentId: string) =>
      call(t, bursar, 'POST', '/notification/payment-reminder', { feeId, studentId });

    const notApproved = await create(pending.id, student.id);
    expect(notApproved.statusCode).toBe(422);
    expect(notApproved.json().message).toBe(
      'Only an approved, active fee that applies to this student can be reminded',
    );
    // A fee of another school is, to this bursar, not there.
    const foreign = await create(elsewhere.fee.id, student.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Fee not found');
    // Their own school's fee, for a student it does not apply to (the other school's).
    expect((await create(fee.id, elsewhere.student.id)).statusCode).toBe(422);

    await payInFull({ school, student, fee });
    const paid = await create(fee.id, student.id);
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe('This fee is already paid in full');
    expect(await remindersOf(fee.id)).toEqual([]);
  });
});

describe('reminding everyone who owes a fee at once', () => {
  /** Two children of one parent owing the fee; the parent takes SMS at a confirmed number. */
  async function aFamilyOwing(dueDate: string) {
    const owing = await aStudentOwing(dueDate);
    const arm = await aClassArm(t, { school_id: owing.school.id });
    const brother = await aStudent(t, { school_id: owing.school.id, classArm_id: arm.id, firstname: 'Chidi' });
    await t.ctx.db
      .insert(parentStudents)
      .values({ parentId: owing.parent.id, studentId: brother.id, schoolId: owing.school.id });
    await t.ctx.db
      .update(users)
      .set({ phone: '0803 555 0177', phoneVerifiedAt: now })
      .where(eq(users.id, owing.parent.id));
    await t.ctx.db
      .insert(messageConsents)
      .values({ userId: owing.parent.id, channel: 'sms', phone: '2348035550177', wording: 'I agree', method: 'paper' });
    return { ...owing, brother, bursar: await bursarOf(t, owing.school.id) };
  }

  it('shows what it would send and cost, sends it once a day, one SMS a family', async () => {
    now = new Date('2026-08-10T09:00:00Z');
    const { school, fee, parent, brother, bursar } = await aFamilyOwing('2026-08-01');

    const preview = await call(t, bursar, 'POST', '/notification/payment-reminders/bulk/preview', { feeId: fee.id });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      students: 2,
      people: 3,
      phone: {
        families: 1,
        messages: { sms: 1, whatsapp: 0 },
        // Both children named: two pages.
        pages: 2,
        estimatedCostKobo: { sms: expect.stringMatching(/^[1-9]\d*$/), whatsapp: '0' },
        budgetLeftKobo: { sms: null, whatsapp: null },
        heldForQuietHoursUntil: null,
        overBudget: false,
      },
    });
    // A preview writes nothing and sends nothing.
    expect(await remindersOf(fee.id)).toEqual([]);
    expect(await phoneMessagesOf(parent.id)).toEqual([]);

    const sent = await call(t, bursar, 'POST', '/notification/payment-reminders/bulk', { feeId: fee.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Reminded 3 people', data: { students: 2, people: 3 } });
    const rows = await remindersOf(fee.id);
    // A reminder per child to the student and to the parent.
    expect(rows.map((row) => [row.stage, row.sent])).toEqual([
      ['manual', true],
      ['manual', true],
      ['manual', true],
      ['manual', true],
    ]);
    // Made by the bursar who sent them.
    const [maker] = await t.ctx.db.select().from(users).where(eq(users.id, rows[0]!.createdBy!));
    expect(maker!.roles).toEqual(['Bursar']);
    expect(new Set(rows.map((row) => row.createdBy)).size).toBe(1);
    const sms = await phoneMessagesOf(parent.id);
    expect(sms.map((message) => [message.channel, message.pages, message.estimatedCostKobo.toString()])).toEqual([
      ['sms', 2, preview.json().data.phone.estimatedCostKobo.sms],
    ]);
    expect(sms[0]!.body).toContain('Adaeze');
    expect(sms[0]!.body).toContain(brother.firstname);
    const notices = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.kind, 'payment_reminder')));
    expect(notices.map((notice) => notice.title)).toEqual([`Overdue: ${fee.name}`, `Overdue: ${fee.name}`]);

    // A second click the same Lagos day would remind every family twice.
    const again = await call(t, bursar, 'POST', '/notification/payment-reminders/bulk', { feeId: fee.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FEE_REMINDED_TODAY');
    expect(again.json().message).toMatch(/^Everyone who owes Library Levy was already reminded today \(/);
    expect(await remindersOf(fee.id)).toHaveLength(4);

    // Another school's bursar cannot see the fee.
    const stranger = await bursarOf(t, (await aSchool(t)).id);
    const foreign = await call(t, stranger, 'POST', '/notification/payment-reminders/bulk/preview', { feeId: fee.id });
    expect(foreign.statusCode).toBe(404);

    // The next Lagos day they may be reminded again.
    now = new Date('2026-08-10T23:00:00Z');
    const tomorrow = await call(t, await bursarOf(t, school.id), 'POST', '/notification/payment-reminders/bulk', {
      feeId: fee.id,
    });
    expect(tomorrow.statusCode, tomorrow.body).toBe(200);
    expect(await remindersOf(fee.id)).toHaveLength(8);
  });

  it('says when quiet hours hold the messages and when the budget cannot cover them', async () => {
    // 21:30 in Lagos.
    now = new Date('2026-08-12T20:30:00Z');
    const { school, fee, bursar } = await aFamilyOwing('2026-08-01');
    await t.ctx.db.insert(schoolMessagingSettings).values({
      schoolId: school.id,
      settings: {
        channels: DEFAULT_MESSAGING_SETTINGS.channels,
        monthlyBudgetKobo: { sms: '100', whatsapp: null },
        quietHours: { start: '20:00', end: '08:00' },
        smsSenderId: '',
      },
    });
    const preview = await call(t, bursar, 'POST', '/notification/payment-reminders/bulk/preview', { feeId: fee.id });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.phone).toMatchObject({
      families: 1,
      budgetLeftKobo: { sms: '100', whatsapp: null },
      heldForQuietHoursUntil: '2026-08-13T07:00:00.000Z',
      overBudget: true,
    });
  });

  it('finds nobody to remind of a fee everyone paid', async () => {
    now = new Date('2026-08-14T09:00:00Z');
    const { school, student, fee } = await aStudentOwing('2026-08-01');
    await payInFull({ school, student, fee });
    const bursar = await bursarOf(t, school.id);
    const preview = await call(t, bursar, 'POST', '/notification/payment-reminders/bulk/preview', { feeId: fee.id });
    expect(preview.json().data).toMatchObject({ students: 0, people: 0, phone: { families: 0 } });
  });
});
