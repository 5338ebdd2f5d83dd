import {
  type BulkReminderPreview,
  type BulkReminderResult,
  daysUntil,
  effectiveDueDate,
  formatCalendarDate,
  formatKobo,
  plural,
  reminderStage,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type Scope, schoolInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { previewPhoneMessages } from '../messaging/messaging.service.js';
import { type Notice, notifyEach, phoneMessagesFor, readAudience } from '../notifications/notifications.service.js';
import { feeNotFound } from './fees.errors.js';
import {
  feeAlreadyPaid,
  feeNotRemindable,
  feeRemindedToday,
  reminderAlreadySent,
  reminderNotFound,
} from './reminders.errors.js';
import {
  BULK_REMINDER_ACTION,
  bulkReminderOn,
  countReminders,
  type DueFee,
  deleteUnsentReminders,
  feeOwedByStudent,
  feeToRemind,
  findReminderSettings,
  findReminders,
  insertDueReminders,
  insertManualReminders,
  listReminders,
  lockFeeReminders,
  lockPendingReminders,
  markRemindersSent,
  type PendingReminder,
  type ReminderFilters,
  remindableFees,
  saveReminderSettings,
  undeliveredReminders,
} from './reminders.queries.js';

/**
 * Reminders delivered per transaction: every statement of a batch is set-based, so a run costs a
 * handful of statements per batch, never one per student, and a transaction stays short.
 */
const BATCH = 5000;

/** The reminder runs act on nobody's request: their audit rows name the job instead of a person. */
const REMINDER_JOB: Actor = { userId: null, ip: null, userAgent: 'reminders' };

const dueText = (days: number) => (days === 0 ? 'Due Today' : `Due in ${plural(days, 'day')}`);

/** Which stage each payable fee has reached today, in the schools' calendar, where its school sends that stage. */
async function dueFees(db: DbOrTx, today: string): Promise<DueFee[]> {
  const due: DueFee[] = [];
  for (const fee of await remindableFees(db)) {
    const dueDate = effectiveDueDate({
      dueDate: fee.dueDate,
      termEndDate: fee.termEndDate,
      createdAt: todayIn('Africa/Lagos', fee.createdAt),
    });
    const stage = reminderStage(daysUntil(dueDate, today));
    const switchedOn = stage === 'due_soon' ? fee.dueSoon : stage === 'urgent' ? fee.urgent : fee.overdue;
    if (stage && switchedOn) due.push({ feeId: fee.id, stage, dueDate });
  }
  return due;
}

export interface ReminderRun {
  /** Reminder rows made by this run (one per fee, student, person and stage). */
  created: number;
  /** Reminders delivered: in-app notices and emails, as each person chose. */
  sent: number;
}

/**
 * SPEC §9 reminders: every student who still owes an approved fee that is due within 7 days
 * (urgent within 3) or overdue gets a reminder of that stage, and so does each of their parents,
 * once per stage. `userId` limits the run to the reminders that person receives (at sign-in);
 * `batchSize` (5,000) is how many are delivered per transaction.
 */
export async function runReminders(
  ctx: AppContext,
  options: { now: Date; userId?: string; batchSize?: number },
): Promise<ReminderRun> {
  const today = todayIn('Africa/Lagos', options.now);
  const created = await insertDueReminders(ctx.db, await dueFees(ctx.db, today), { recipientId: options.userId });
  // The hourly run also delivers what a run cut short left behind; a sign-in leaves that to it.
  const leftover = options.userId ? [] : await undeliveredReminders(ctx.db);
  const batches = batchesByPerson([...leftover, ...created], options.batchSize ?? BATCH);
  const deliverBatch = (batch: string[]) =>
    ctx.db.transaction(async (tx) => {
      const delivered = await deliver(tx, ctx, await lockPendingReminders(tx, batch), options.now);
      await recordRunSummary(tx, delivered, options.userId ? 'sign_in' : 'schedule');
      return delivered.length;
    });
  // Two batches at a time: one composes its notices and emails while the database writes the other's.
  let next = 0;
  const deliverInTurn = async () => {
    let sent = 0;
    while (next < batches.length) sent += await deliverBatch(batches[next++]!);
    return sent;
  };
  const sent = (await Promise.all([deliverInTurn(), deliverInTurn()])).reduce((sum, n) => sum + n, 0);
  return { created: created.length, sent };
}

/**
 * Reminder ids in batches of about `size`, each person's whole in one batch: a person's reminders
 * of a run are one SMS or WhatsApp message naming each child, composed within a batch.
 */
function batchesByPerson(reminders: readonly { id: string; recipientId: string }[], size: number): string[][] {
  const byPerson = new Map<string, Set<string>>();
  for (const { id, recipientId } of reminders) {
    const ids = byPerson.get(recipientId) ?? new Set<string>();
    ids.add(id);
    byPerson.set(recipientId, ids);
  }
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const ids of byPerson.values()) {
    if (batch.length > 0 && batch.length + ids.size > size) {
      batches.push(batch);
      batch = [];
    }
    batch.push(...ids);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The days left and the shown date of each due date; a batch has few distinct due dates and the
 * time-zone-aware date maths is the slow part of composing thousands of reminders.
 */
function dueDatesAsOf(today: string) {
  const known = new Map<string, { days: number; shown: string }>();
  return (dueDate: string) => {
    let found = known.get(dueDate);
    if (!found) {
      found = { days: daysUntil(dueDate, today), shown: formatCalendarDate(dueDate) };
      known.set(dueDate, found);
    }
    return found;
  };
}

/** What a reminder says, from what is owed and the days left as of today. */
function reminderNotice(reminder: PendingReminder, dueDateOf: ReturnType<typeof dueDatesAsOf>, today: string): Notice {
  const { days, shown: dueDate } = dueDateOf(reminder.due_date);
  const overdue = days < 0;
  const owed = BigInt(reminder.owed);
  const amount = formatKobo(owed);
  const studentName = `${reminder.student_first} ${reminder.student_last}`;
  const text = overdue ? `Overdue by ${plural(-days, 'day')}` : dueText(days);
  return {
    kind: 'payment_reminder',
    type: overdue ? 'payment_overdue' : 'payment_reminder',
    title: overdue ? `Overdue: ${reminder.fee_name}` : `Payment reminder: ${reminder.fee_name}`,
    message: overdue
      ? `${reminder.fee_name} for ${studentName} (${amount}) was due on ${dueDate} and is ${plural(-days, 'day')} overdue.`
      : `${reminder.fee_name} for ${studentName} (${amount}) is ${text.toLowerCase()}, on ${dueDate}.`,
    actionUrl: '/student/fees',
    schoolId: reminder.school_id,
    metadata: {
      amount: owed,
      dueDate: reminder.due_date,
      feeId: reminder.fee_id,
      studentId: reminder.student_id,
      reminderType: reminder.stage,
    },
    // A person's reminders of one day are one SMS or WhatsApp message naming each child.
    phone: { type: 'reminder', day: today, studentName, owedKobo: owed, dueDate: reminder.due_date },
    email: {
      templateId: overdue ? 'payment_overdue' : 'payment_reminder',
      variables: {
        feeName: reminder.fee_name,
        studentName,
        dueDate,
        daysUntilDue: Math.max(days, 0),
        daysOverdue: Math.max(-days, 0),
        isOverdue: overdue,
        termName: reminder.term_name,
        dueText: text,
        dueTextLower: text.toLowerCase(),
        paymentCode: reminder.payment_code,
        familyAccountNumber: reminder.account_number,
        familyAccountBank: reminder.account_bank,
        familyAccountName: reminder.account_name,
      },
    },
  };
}

/**
 * Delivers locked reminders in the caller's transaction: each becomes a notice to its person, in
 * the app and by email as they chose (notifyEach, a constant number of statements per batch), and
 * is marked sent. A reminder whose fee is paid by now is dropped.
 */
async function deliver(tx: DbOrTx, ctx: AppContext, pending: PendingReminder[], now: Date): Promise<PendingReminder[]> {
  const paid = pending.filter((reminder) => BigInt(reminder.owed) === 0n);
  await deleteUnsentReminders(
    tx,
    paid.map((reminder) => reminder.id),
  );
  const owing = pending.filter((reminder) => BigInt(reminder.owed) > 0n);
  if (owing.length === 0) return [];

  const today = todayIn('Africa/Lagos', now);
  const dueDateOf = dueDatesAsOf(today);
  const { notificationIds } = await notifyEach(
    tx,
    ctx,
    owing.map((reminder) => ({
      recipientId: reminder.recipient_id,
      notice: reminderNotice(reminder, dueDateOf, today),
    })),
  );
  await markRemindersSent(
    tx,
    owing.map((reminder, index) => ({ id: reminder.id, notificationId: notificationIds[index] ?? null })),
    now,
  );
  return owing;
}

/**
 * One audit row per school for a run's batch rather than one per reminder: the trail says that a
 * run reminded how many people of which stage, and the reminders table holds each one.
 */
async function recordRunSummary(tx: DbOrTx, delivered: PendingReminder[], trigger: 'schedule' | 'sign_in') {
  const bySchool = new Map<string, Record<string, number>>();
  for (const reminder of delivered) {
    const stages = bySchool.get(reminder.school_id) ?? {};
    stages[reminder.stage] = (stages[reminder.stage] ?? 0) + 1;
    bySchool.set(reminder.school_id, stages);
  }
  // In one order of schools: two batches at once each hold the audit chains they wrote to.
  for (const [schoolId, stages] of [...bySchool].sort(([a], [b]) => a.localeCompare(b))) {
    await recordAudit(tx, REMINDER_JOB, {
      action: 'reminders.sent',
      entity: 'payment_reminder',
      entityId: null,
      schoolId,
      after: { trigger, sent: Object.values(stages).reduce((sum, n) => sum + n, 0), stages },
    });
  }
}

export async function listPaymentReminders(
  ctx: AppContext,
  scope: Scope,
  query: ReminderFilters & { page: number; limit: number },
) {
  const { page, limit, ...filters } = query;
  const [rows, total] = await Promise.all([
    listReminders(ctx.db, scope, filters, { limit, offset: (page - 1) * limit }),
    countReminders(ctx.db, scope, filters),
  ]);
  return { rows, total, page, limit };
}

/**
 * SPEC §7 POST /notification/payment-reminder: a bursar's reminder of one fee to the student and
 * each of their parents, stored unsent until /send. The fee must be approved, the student's, and
 * not yet paid.
 */
export async function createPaymentReminder(
  ctx: AppContext,
  scope: Scope,
  actor: Actor & { userId: string },
  input: { feeId: string; studentId: string },
) {
  return ctx.db.transaction(async (tx) => {
    const fee = await feeOwedByStudent(tx, input.feeId, input.studentId);
    if (!fee || !schoolInScope(scope, fee.school_id)) throw feeNotFound();
    if (!fee.applies || !fee.payable) throw feeNotRemindable();
    const owed = BigInt(fee.owed);
    if (owed <= 0n) throw feeAlreadyPaid();
    const dueDate = effectiveDueDate({
      dueDate: fee.due_date,
      termEndDate: fee.term_end,
      createdAt: todayIn('Africa/Lagos', new Date(fee.created_at)),
    });
    const ids = await insertManualReminders(tx, {
      schoolId: fee.school_id,
      feeId: input.feeId,
      studentId: input.studentId,
      dueDate,
      owedKobo: owed,
      createdBy: actor.userId,
    });
    for (const id of ids) {
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'payment_reminder',
        entityId: id,
        schoolId: fee.school_id,
        after: { feeId: input.feeId, studentId: input.studentId, stage: 'manual', outstandingKobo: owed.toString() },
      });
    }
    return findReminders(tx, scope, ids);
  });
}

/**
 * Sends a stored reminder now. A reminder is one message: sending it twice is refused (409), and
 * a fee paid since it was made is not asked for (422).
 */
export async function sendPaymentReminder(ctx: AppContext, scope: Scope, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [found] = await findReminders(tx, scope, [id]);
    if (!found) throw reminderNotFound();
    if (found.reminder.sent) throw reminderAlreadySent();
    const pending = await lockPendingReminders(tx, [id]);
    // Another request sent it between the read and the lock.
    if (pending.length === 0) throw reminderAlreadySent();
    if (BigInt(pending[0]!.owed) === 0n) throw feeAlreadyPaid();
    const now = ctx.clock();
    await deliver(tx, ctx, pending, now);
    await recordAudit(tx, actor, {
      action: 'send',
      entity: 'payment_reminder',
      entityId: id,
      schoolId: found.reminder.schoolId,
      after: { sent: true, sentAt: now.toISOString() },
    });
    const [sent] = await findReminders(tx, scope, [id]);
    return sent!;
  });
}

/** A fee whose debtors a bursar in `scope` may remind now, with its due date as reminders state it. */
async function remindableFee(db: DbOrTx, scope: Scope, feeId: string) {
  const fee = await feeToRemind(db, feeId);
  if (!fee || !schoolInScope(scope, fee.school_id)) throw feeNotFound();
  if (!fee.payable) throw feeNotRemindable();
  const dueDate = effectiveDueDate({
    dueDate: fee.due_date,
    termEndDate: fee.term_end,
    createdAt: todayIn('Africa/Lagos', new Date(fee.created_at)),
  });
  return { ...fee, id: feeId, dueDate };
}

/**
 * A reminder by hand of one fee to everyone who still owes it, in the caller's transaction: a
 * reminder row per student and parent, locked for delivery. Nothing is delivered yet.
 */
async function remindersOfFee(tx: DbOrTx, fee: { id: string; dueDate: string }, createdBy: string) {
  const created = await insertDueReminders(tx, [{ feeId: fee.id, stage: 'manual', dueDate: fee.dueDate }], {
    createdBy,
  });
  return lockPendingReminders(
    tx,
    created.map((row) => row.id),
  );
}

/** How many students' fees and how many people a bulk reminder's rows are about. */
const remindedOf = (reminders: readonly PendingReminder[]) => ({
  students: new Set(reminders.map((reminder) => reminder.student_id)).size,
  people: new Set(reminders.map((reminder) => reminder.recipient_id)).size,
});

/** Thrown to roll a preview's transaction back once it has composed what a send would do. */
class PreviewOnly extends Error {
  constructor(
    readonly reminders: PendingReminder[],
    readonly messages: ReturnType<typeof phoneMessagesFor>,
  ) {
    super('preview');
  }
}

/**
 * What reminding everyone who owes a fee would do, composed by doing it in a transaction that is
 * then rolled back: the same students, the same families' one message each, the same cost and
 * quiet hours as the send, with nothing written or sent.
 */
export async function previewFeeReminders(
  ctx: AppContext,
  scope: Scope,
  input: { feeId: string; userId: string },
): Promise<BulkReminderPreview> {
  let composed: PreviewOnly | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const pending = await remindersOfFee(tx, await remindableFee(tx, scope, input.feeId), input.userId);
      const now = ctx.clock();
      const today = todayIn('Africa/Lagos', now);
      const dueDateOf = dueDatesAsOf(today);
      const entries = pending.map((reminder) => ({
        recipientId: reminder.recipient_id,
        notice: reminderNotice(reminder, dueDateOf, today),
      }));
      const audience = await readAudience(
        tx,
        ctx,
        entries.map((entry) => ({ recipientId: entry.recipientId, kind: entry.notice.kind })),
      );
      throw new PreviewOnly(pending, phoneMessagesFor(ctx, audience, entries, now));
    });
  } catch (error) {
    if (!(error instanceof PreviewOnly)) throw error;
    composed = error;
  }
  if (!composed) throw new Error('a reminder preview committed instead of rolling back');
  return {
    ...remindedOf(composed.reminders),
    // Read after the rollback: the budget and spend are read on connections of their own.
    phone: await previewPhoneMessages(ctx, composed.messages),
  };
}

/**
 * Reminds everyone who still owes a fee, at once: each student and each of their parents, in the
 * app, by email, SMS and WhatsApp as each chose (a family's reminders of the day are one phone
 * message; quiet hours hold them and the school's budget stops them, as for the hourly run). Once
 * a day per fee, so a second click does not remind every family twice.
 */
export async function sendFeeReminders(
  ctx: AppContext,
  scope: Scope,
  actor: Actor & { userId: string },
  input: { feeId: string },
): Promise<BulkReminderResult> {
  return ctx.db.transaction(async (tx) => {
    await lockFeeReminders(tx, input.feeId);
    const now = ctx.clock();
    const fee = await remindableFee(tx, scope, input.feeId);
    const day = todayIn('Africa/Lagos', now);
    const earlier = await bulkReminderOn(tx, { schoolId: fee.school_id, feeId: input.feeId, day });
    if (earlier) throw feeRemindedToday(fee.name, earlier);
    const pending = await remindersOfFee(tx, fee, actor.userId);
    const delivered = await deliver(tx, ctx, pending, now);
    const reached = remindedOf(delivered);
    await recordAudit(tx, actor, {
      action: BULK_REMINDER_ACTION,
      entity: 'fee',
      entityId: input.feeId,
      schoolId: fee.school_id,
      after: { ...reached, reminders: delivered.length, day },
    });
    return reached;
  });
}

export async function getReminderSettings(ctx: AppContext, schoolId: string) {
  const row = await findReminderSettings(ctx.db, schoolId);
  return { schoolId, dueSoon: row?.dueSoon ?? true, urgent: row?.urgent ?? true, overdue: row?.overdue ?? true };
}

export async function updateReminderSettings(
  ctx: AppContext,
  actor: Actor & { userId: string },
  schoolId: string,
  input: { dueSoon: boolean; urgent: boolean; overdue: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const before = await findReminderSettings(tx, schoolId);
    const row = await saveReminderSettings(tx, { schoolId, ...input, updatedBy: actor.userId });
    const settings = { schoolId, dueSoon: row.dueSoon, urgent: row.urgent, overdue: row.overdue };
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'reminder_settings',
      entityId: schoolId,
      schoolId,
      before: before ? { dueSoon: before.dueSoon, urgent: before.urgent, overdue: before.overdue } : null,
      after: input,
    });
    return settings;
  });
}
