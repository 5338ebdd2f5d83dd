import {
  ADJUSTMENT_KIND_LABELS,
  effectiveDueDate,
  formatCalendarDate,
  formatKobo,
  formatPercent,
  isFamilyAccountChannel,
  LAGOS,
  lagosDateTime,
  type NotificationKind,
  PAYMENT_METHOD_LABELS,
  plural,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  booksWatchersOf,
  feeFacts,
  lateFeeFacts,
  mayActOn,
  moneyWatchersOf,
  newAccounts,
  type PaymentFacts,
  parentsOf,
  payeeKey,
  payeesFacts,
  paymentFacts,
  personName,
  type TransferWay,
  transferWaysOf,
} from './notices.queries.js';
import {
  type AddressedNotice,
  type Audience,
  type Notice,
  notify,
  notifyAddressed,
  readAudience,
} from './notifications.service.js';

/*
 * The wording of every notice an event sends, and who receives it. Each function runs in the
 * transaction of its event, so the notices and the emails exist exactly when the event does.
 */

const FEES_PAGE = '/student/fees';
/** Where the bursary sees a school's payments and its transfers waiting for confirmation. */
const PAYMENTS_PAGE = '/fees?tab=payments';

/** What a payment's notices say of it. */
type PaymentRecord = Pick<
  PaymentFacts['payment'],
  'id' | 'schoolId' | 'studentId' | 'feeId' | 'amountKobo' | 'method' | 'reference' | 'receiptNo' | 'paidAt'
> & { channel?: string | null };
/** A payment's facts as its notices read them. */
type NoticeFacts = Omit<PaymentFacts, 'payment'> & { payment: PaymentRecord };

const studentName = (facts: Pick<PaymentFacts, 'studentFirstname' | 'studentLastname'>) =>
  `${facts.studentFirstname} ${facts.studentLastname}`;

/**
 * Who hears about a payment: the student, their linked parents, and whoever paid online or
 * claimed the transfer. Staff who record cash at the desk take the money; they are not the payer.
 */
function peopleOfPayment(
  facts: Pick<PaymentFacts, 'parentIds'>,
  payer: { studentId: string; method: string; initiatedBy: string | null },
) {
  const people = [payer.studentId, ...facts.parentIds];
  if (payer.method !== 'cash' && payer.initiatedBy) people.push(payer.initiatedBy);
  return [...new Set(people)];
}

const paymentMetadata = (facts: NoticeFacts) => ({
  amount: facts.payment.amountKobo,
  feeId: facts.payment.feeId,
  paymentId: facts.payment.id,
  studentId: facts.payment.studentId,
});

/** What every payment email can say about the payment. */
const paymentVariables = (facts: NoticeFacts) => ({
  feeName: facts.feeName,
  studentName: studentName(facts),
  termName: facts.termName,
  transactionRef: facts.payment.receiptNo ?? facts.payment.reference,
  paymentMethod: PAYMENT_METHOD_LABELS[facts.payment.method],
});

async function loadPayment(tx: DbOrTx, paymentId: string) {
  const facts = await paymentFacts(tx, paymentId);
  if (!facts) throw new Error(`payment ${paymentId} vanished inside its own transaction`);
  return facts;
}

/** A payment about to be credited: whose it is and who started it. */
export interface CreditedPaymentOf {
  studentId: string;
  feeId: string;
  method: PaymentRecord['method'];
  initiatedBy: string | null;
}

/** What a credit's notices need, read before it (`preparePaymentSucceededNotices`). */
export interface PaymentNotices {
  audience: Audience;
  /** The notices of one of the payments it was read for, credited (or about to be, its receipt number a stand-in). */
  noticesOf: (payment: PaymentRecord & CreditedPaymentOf) => AddressedNotice[];
}

/**
 * Payments became successful (online credit, cash at the desk, a confirmed bank transfer). A
 * confirmed transfer is told once, as its confirmation, rather than as a second notice. The
 * school's money watchers hear that money came in, except the person who credited it (the bursar
 * at the desk, or confirming the transfer). Read before the credit, written with it: a credit
 * holds its school's receipt counter from taking the number to the commit, and the notice names
 * the number, so everything it needs to know is read first (`audience`), and `noticesOf` only
 * words the notices of a credited payment. A submission of several payments reads once for all.
 */
export async function preparePaymentSucceededNotices(
  tx: DbOrTx,
  ctx: AppContext,
  abouts: readonly CreditedPaymentOf[],
  creditedBy: string | null,
): Promise<PaymentNotices> {
  const payees = await payeesFacts(tx, abouts, [creditedBy]);
  /** Who hears of one payment: its people, and the school's money watchers who are not among them. */
  const lineOf = (about: CreditedPaymentOf) => {
    const payee = payees.get(payeeKey(about));
    if (!payee) throw new Error(`fee ${about.feeId} or student ${about.studentId} vanished inside the credit`);
    const transfer = about.method === 'bank_transfer';
    const kind: NotificationKind = transfer ? 'transfer_confirmed' : 'payment_succeeded';
    const people = peopleOfPayment(payee, about);
    const watchers = payee.moneyWatchers.filter((id) => !people.includes(id));
    return { payee, transfer, kind, people, watchers };
  };
  const audience = await readAudience(
    tx,
    ctx,
    abouts.flatMap((about) => {
      const { kind, people, watchers } = lineOf(about);
      return [
        ...people.map((recipientId) => ({ recipientId, kind, templateId: 'payment_success' as const })),
        ...watchers.map((recipientId) => ({ recipientId, kind: 'payment_credited' as const })),
      ];
    }),
  );
  const noticesOf = (payment: PaymentRecord & CreditedPaymentOf): AddressedNotice[] => {
    const { payee, transfer, kind, people, watchers } = lineOf(payment);
    const facts: NoticeFacts = { ...payee, payment };
    const amount = formatKobo(payment.amountKobo);
    const paidAt = payment.paidAt ?? ctx.clock();
    const receipt = payment.receiptNo ? ` Receipt ${payment.receiptNo}.` : '';
    const method = PAYMENT_METHOD_LABELS[payment.method];
    const ownAccount = isFamilyAccountChannel(payment.channel);
    const notice: Notice = {
      kind,
      type: 'success',
      title: ownAccount
        ? `Bank transfer received: ${facts.feeName}`
        : transfer
          ? `Bank transfer confirmed: ${facts.feeName}`
          : `Payment received: ${facts.feeName}`,
      // Money into the family's own account is credited by itself: nobody at the bursary confirmed it.
      message: ownAccount
        ? `Your transfer of ${amount} into your family's account paid ${facts.feeName} (${studentName(facts)}).${receipt}`
        : transfer
          ? `The bursary confirmed the bank transfer of ${amount} for ${facts.feeName} (${studentName(facts)}).${receipt}`
          : `${amount} was received for ${facts.feeName} (${studentName(facts)}) by ${method}.${receipt}`,
      actionUrl: FEES_PAGE,
      metadata: paymentMetadata(facts),
      schoolId: payment.schoolId,
      email: {
        templateId: 'payment_success',
        variables: { ...paymentVariables(facts), paymentDate: lagosDateTime(paidAt) },
      },
      ...(payment.receiptNo
        ? {
            phone: {
              type: 'receipt' as const,
              transfer: transfer || ownAccount,
              paymentId: payment.id,
              studentName: studentName(facts),
              amountKobo: payment.amountKobo,
              receiptNo: payment.receiptNo,
            },
          }
        : {}),
    };
    // In the app only: a busy school credits hundreds of payments a day.
    const credited: Notice = {
      kind: 'payment_credited',
      type: 'success',
      title: `${amount} received from ${studentName(facts)}`,
      message: `${amount} was credited for ${facts.feeName} (${studentName(facts)}) by ${method}.${receipt}`,
      actionUrl: PAYMENTS_PAGE,
      metadata: paymentMetadata(facts),
      schoolId: payment.schoolId,
      createdBy: creditedBy,
    };
    return [
      ...people.map((recipientId) => ({ recipientId, notice })),
      ...watchers.map((recipientId) => ({ recipientId, notice: credited })),
    ];
  };
  return { audience, noticesOf };
}

/** Why an online payment failed, as its payer reads it. */
export const FAILURE_REASONS = {
  provider: 'The payment provider reported that the payment did not go through. No money was taken for this fee.',
  abandoned: 'The payment was started but not completed in time, so it was closed.',
} as const;

/** An online payment was marked failed: the provider said so, or it was abandoned. */
export async function notifyPaymentFailed(
  tx: DbOrTx,
  ctx: AppContext,
  paymentId: string,
  why: keyof typeof FAILURE_REASONS,
) {
  const facts = await loadPayment(tx, paymentId);
  const reason = FAILURE_REASONS[why];
  const amount = formatKobo(facts.payment.amountKobo);
  return notify(tx, ctx, peopleOfPayment(facts, facts.payment), {
    kind: 'payment_failed',
    type: 'error',
    title: `Payment failed: ${facts.feeName}`,
    message: `The payment of ${amount} for ${facts.feeName} (${studentName(facts)}) did not go through. ${reason}`,
    actionUrl: FEES_PAGE,
    metadata: { ...paymentMetadata(facts), reason },
    schoolId: facts.payment.schoolId,
    email: { templateId: 'payment_failed', variables: { ...paymentVariables(facts), reason } },
  });
}

/** The bursary rejected a bank transfer claim, with its reason. */
export async function notifyTransferRejected(tx: DbOrTx, ctx: AppContext, paymentId: string, reason: string) {
  const facts = await loadPayment(tx, paymentId);
  const amount = formatKobo(facts.payment.amountKobo);
  return notify(tx, ctx, peopleOfPayment(facts, facts.payment), {
    kind: 'transfer_rejected',
    type: 'error',
    title: `Bank transfer rejected: ${facts.feeName}`,
    message: `The bursary rejected the bank transfer of ${amount} for ${facts.feeName} (${studentName(facts)}): ${reason}`,
    actionUrl: FEES_PAGE,
    metadata: { ...paymentMetadata(facts), reason },
    schoolId: facts.payment.schoolId,
    email: { templateId: 'system_notification', variables: paymentVariables(facts) },
  });
}

/**
 * A refund is done: the bursary gave the money back, or the provider took it back after a lost
 * dispute. Told to the people of the original payment.
 */
export async function notifyRefund(tx: DbOrTx, ctx: AppContext, refundId: string, cause: 'refund' | 'dispute') {
  const facts = await loadPayment(tx, refundId);
  const original = facts.payment.refundOf ? await loadPayment(tx, facts.payment.refundOf) : facts;
  const amount = formatKobo(facts.payment.amountKobo);
  const receipt = original.payment.receiptNo ? ` (receipt ${original.payment.receiptNo})` : '';
  const what = `${amount} paid for ${facts.feeName} (${studentName(facts)})${receipt}`;
  return notify(tx, ctx, peopleOfPayment(facts, original.payment), {
    kind: 'refund',
    type: 'warning',
    title: `Refund: ${facts.feeName}`,
    message:
      cause === 'dispute'
        ? `${what} was returned to the payer after a dispute with the payment provider. The fee is owed again.`
        : `${what} was refunded${facts.payment.reason ? `: ${facts.payment.reason}` : ''}. The fee is owed again.`,
    actionUrl: FEES_PAGE,
    metadata: paymentMetadata(facts),
    schoolId: facts.payment.schoolId,
    email: { templateId: 'system_notification', variables: paymentVariables(facts) },
  });
}

/*
 * What the bursary hears: a transfer claim to confirm, a dispute opened, a refund the provider
 * refused. Each in the transaction of its event, like the family's notices above.
 */

/** A payer claimed a bank transfer: whoever may confirm transfers at the school hears it waits for them. */
export async function notifyTransferClaimed(tx: DbOrTx, ctx: AppContext, paymentId: string) {
  const facts = await loadPayment(tx, paymentId);
  const { payment } = facts;
  const claimant = payment.initiatedBy ? await personName(tx, payment.initiatedBy) : null;
  const amount = formatKobo(payment.amountKobo);
  const bankReference = payment.payerBankReference ? ` Bank reference ${payment.payerBankReference}.` : '';
  return notify(tx, ctx, await mayActOn(tx, payment.schoolId, 'payments.confirmTransfer', [payment.initiatedBy]), {
    kind: 'transfer_claimed',
    type: 'info',
    title: `Bank transfer to confirm: ${amount}`,
    message: `${claimant ?? studentName(facts)} says ${amount} was sent by bank transfer for ${facts.feeName} (${studentName(facts)}).${bankReference} Confirm it once the money is in the school's account.`,
    actionUrl: PAYMENTS_PAGE,
    metadata: paymentMetadata(facts),
    schoolId: payment.schoolId,
    createdBy: payment.initiatedBy,
    email: { templateId: 'system_notification', variables: paymentVariables(facts) },
  });
}

/** A payer disputed an online payment with the provider: the school's money watchers hear it. */
export async function notifyPaymentDisputed(tx: DbOrTx, ctx: AppContext, paymentId: string) {
  const facts = await loadPayment(tx, paymentId);
  const { payment } = facts;
  const amount = formatKobo(payment.amountKobo);
  const receipt = payment.receiptNo ? ` (receipt ${payment.receiptNo})` : '';
  return notify(tx, ctx, await moneyWatchersOf(tx, payment.schoolId), {
    kind: 'payment_disputed',
    type: 'warning',
    title: `Payment disputed: ${amount}`,
    message: `The payer of ${amount} for ${facts.feeName} (${studentName(facts)})${receipt} disputed it with the payment provider. Answer the provider before its deadline, or the money goes back to the payer.`,
    actionUrl: PAYMENTS_PAGE,
    metadata: paymentMetadata(facts),
    schoolId: payment.schoolId,
    email: { templateId: 'system_notification', variables: paymentVariables(facts) },
  });
}

/**
 * The provider refused or failed a refund: the payment stays paid, and the bursary decides what
 * next. `toldAlready` is the person who read the refusal in the answer to their own request.
 */
export async function notifyRefundFailed(
  tx: DbOrTx,
  ctx: AppContext,
  refundId: string,
  reason: string | null,
  toldAlready: string | null = null,
) {
  const facts = await loadPayment(tx, refundId);
  const { payment } = facts;
  const amount = formatKobo(payment.amountKobo);
  const why = reason ? `: ${reason}` : '.';
  return notify(tx, ctx, await moneyWatchersOf(tx, payment.schoolId, [toldAlready]), {
    kind: 'refund_failed',
    type: 'error',
    title: `Refund failed: ${amount}`,
    message: `The refund of ${amount} for ${facts.feeName} (${studentName(facts)}) did not go through${why} The payment still counts as paid; refund it again or hand the money back another way.`,
    actionUrl: PAYMENTS_PAGE,
    metadata: { ...paymentMetadata(facts), ...(reason ? { reason } : {}) },
    schoolId: payment.schoolId,
    email: { templateId: 'system_notification', variables: paymentVariables(facts) },
  });
}

async function loadFee(tx: DbOrTx, feeId: string) {
  const facts = await feeFacts(tx, feeId);
  if (!facts) throw new Error(`fee ${feeId} vanished inside its own transaction`);
  return facts;
}

/** A reviewer approved or rejected a fee: its creator and its last editor hear who did. */
export async function notifyFeeReviewed(
  tx: DbOrTx,
  ctx: AppContext,
  feeId: string,
  reviewerId: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) {
  const { fee } = await loadFee(tx, feeId);
  const reviewer = (await personName(tx, reviewerId)) ?? 'a reviewer';
  const authors = [fee.createdBy, fee.updatedBy].filter((id): id is string => id !== null);
  const approved = decision.status === 'approved';
  return notify(tx, ctx, authors, {
    kind: approved ? 'fee_approved' : 'fee_rejected',
    type: approved ? 'success' : 'error',
    title: approved ? `Fee approved: ${fee.name}` : `Fee rejected: ${fee.name}`,
    message: approved
      ? `Your fee ${fee.name} (${formatKobo(fee.amountKobo)}) was approved by ${reviewer}.`
      : `Your fee ${fee.name} (${formatKobo(fee.amountKobo)}) was rejected by ${reviewer}: ${decision.reason}`,
    actionUrl: '/fees',
    metadata: { amount: fee.amountKobo, feeId: fee.id, ...(approved ? {} : { reason: decision.reason }) },
    schoolId: fee.schoolId,
    createdBy: reviewerId,
    email: { templateId: 'system_notification', variables: { feeName: fee.name } },
  });
}

/**
 * A fee waits for approval (new, or sent back by an edit): whoever may approve fees at its school
 * hears it, except its creator and last editor, whom four eyes keep from approving it.
 */
export async function notifyFeeAwaitingApproval(tx: DbOrTx, ctx: AppContext, feeId: string) {
  const { fee, termName } = await loadFee(tx, feeId);
  const authors = [fee.createdBy, fee.updatedBy];
  const author = fee.updatedBy ? await personName(tx, fee.updatedBy) : null;
  return notify(tx, ctx, await mayActOn(tx, fee.schoolId, 'fees.approve', authors), {
    kind: 'fee_to_approve',
    type: 'info',
    title: `Fee to approve: ${fee.name}`,
    message: `${author ?? 'Someone'} asks for ${fee.name} (${termName}, ${formatKobo(fee.amountKobo)}) to be approved. It is not payable until someone other than its author approves it.`,
    actionUrl: '/fees?tab=approvals',
    metadata: { amount: fee.amountKobo, feeId: fee.id },
    schoolId: fee.schoolId,
    createdBy: fee.updatedBy,
    email: { templateId: 'system_notification', variables: { feeName: fee.name, termName } },
  });
}

/**
 * A discount, scholarship, waiver or manual late fee waits for approval: whoever may approve
 * adjustments at its school hears it, except the person who recorded it.
 */
export async function notifyAdjustmentAwaitingApproval(tx: DbOrTx, ctx: AppContext, adjustmentId: string) {
  const facts = await lateFeeFacts(tx, adjustmentId);
  if (!facts) throw new Error(`adjustment ${adjustmentId} vanished inside its own transaction`);
  const { adjustment } = facts;
  const student = `${facts.studentFirstname} ${facts.studentLastname}`;
  const author = adjustment.createdBy ? await personName(tx, adjustment.createdBy) : null;
  const what = ADJUSTMENT_KIND_LABELS[adjustment.kind].toLowerCase();
  const amount = adjustment.amountKobo === null ? '' : formatKobo(adjustment.amountKobo);
  const size =
    adjustment.basis === 'balance'
      ? ' of the whole balance'
      : adjustment.basis === 'percent' && adjustment.percentBp !== null
        ? ` of ${formatPercent(adjustment.percentBp)} (${amount})`
        : ` of ${amount}`;
  return notify(tx, ctx, await mayActOn(tx, adjustment.schoolId, 'adjustments.approve', [adjustment.createdBy]), {
    kind: 'adjustment_to_approve',
    type: 'info',
    title: `Adjustment to approve: ${student}`,
    message: `${author ?? 'Someone'} recorded a ${what}${size} on ${facts.feeName} (${facts.termName}) for ${student}: ${adjustment.reason}. It counts once someone else approves it.`,
    actionUrl: '/adjustments',
    metadata: {
      ...(adjustment.amountKobo !== null ? { amount: adjustment.amountKobo } : {}),
      feeId: adjustment.feeId,
      studentId: adjustment.studentId,
      reason: adjustment.reason,
    },
    schoolId: adjustment.schoolId,
    createdBy: adjustment.createdBy,
    email: { templateId: 'system_notification', variables: { feeName: facts.feeName, studentName: student } },
  });
}

/**
 * A fee became payable (approved, or created already approved): the students it applies to (as
 * the fees module reckons them) and their parents hear of it, in one call whatever their number.
 */
export async function notifyFeeAssigned(tx: DbOrTx, ctx: AppContext, feeId: string, students: readonly string[]) {
  const { fee, termName, termEndDate } = await loadFee(tx, feeId);
  if (!fee.isActive || fee.deletedAt) return null;
  const dueDate = effectiveDueDate({
    dueDate: fee.dueDate,
    termEndDate,
    createdAt: todayIn(LAGOS, fee.createdAt),
  });
  const amount = formatKobo(fee.amountKobo);
  const people = [...new Set([...students, ...(await parentsOf(tx, students))])];
  // Each person is told how they pay by transfer: into their family's own account, else with their code.
  const ways = await transferWaysOf(tx, fee.schoolId, people);
  const notice = (way: TransferWay | undefined): Notice => ({
    kind: 'fee_assigned',
    type: 'info',
    title: `New fee: ${fee.name}`,
    message: `${fee.name} (${termName}) of ${amount} is now payable, due on ${formatCalendarDate(dueDate)}.`,
    actionUrl: FEES_PAGE,
    metadata: { amount: fee.amountKobo, feeId: fee.id, dueDate },
    schoolId: fee.schoolId,
    email: {
      templateId: 'fee_approved',
      variables: {
        feeName: fee.name,
        termName,
        dueDate: formatCalendarDate(dueDate),
        paymentCode: way?.paymentCode,
        familyAccountNumber: way?.accountNumber,
        familyAccountBank: way?.bankName,
        familyAccountName: way?.accountName,
      },
    },
  });
  return notifyAddressed(
    tx,
    ctx,
    people.map((recipientId) => ({ recipientId, notice: notice(ways.get(recipientId)) })),
  );
}

/**
 * The late-fee job added a late fee to a student's fee: the student and their parents hear how
 * much, why, and that the bursary can waive it.
 */
export async function notifyLateFeeCharged(tx: DbOrTx, ctx: AppContext, adjustmentId: string) {
  const facts = await lateFeeFacts(tx, adjustmentId);
  if (!facts) throw new Error(`late fee ${adjustmentId} vanished inside its own transaction`);
  const { adjustment } = facts;
  const amount = adjustment.amountKobo ?? 0n;
  const student = `${facts.studentFirstname} ${facts.studentLastname}`;
  return notify(tx, ctx, [adjustment.studentId, ...(await parentsOf(tx, [adjustment.studentId]))], {
    kind: 'late_fee',
    type: 'payment_overdue',
    title: `Late fee added: ${facts.feeName}`,
    message: `A late fee of ${formatKobo(amount)} was added to ${facts.feeName} (${facts.termName}) for ${student}. ${adjustment.reason}. Contact the bursary if you believe it should be waived.`,
    actionUrl: FEES_PAGE,
    metadata: { amount, feeId: adjustment.feeId, studentId: adjustment.studentId, reason: adjustment.reason },
    schoolId: adjustment.schoolId,
    email: {
      templateId: 'system_notification',
      variables: { feeName: facts.feeName, studentName: student, termName: facts.termName },
    },
  });
}

/**
 * New accounts hear how to sign in the first time. A student's first password follows SPEC §9;
 * the password an administrator chose for anyone else is never written in a notice or an email.
 * One call for a whole import, so the message names the address the email went to.
 */
export async function notifyAccountsCreated(tx: DbOrTx, ctx: AppContext, userIds: readonly string[]) {
  const accounts = await newAccounts(tx, userIds);
  const signIn = `${ctx.config.appUrl}/login`;
  const single = accounts.length === 1 ? accounts[0] : undefined;
  const address = single ? `your email address, ${single.email}` : 'the email address this message was sent to';
  const byRole = (student: boolean) => accounts.filter((each) => each.roles.includes('Student') === student);
  const notice = (first: string): Notice => ({
    kind: 'account_created',
    type: 'info',
    title: 'Your SchoolLedger account is ready',
    message: `An account has been created for you. Sign in at ${signIn} with ${address}. ${first} You will be asked to choose your own password at your first sign-in.`,
    actionUrl: '/login',
    email: { templateId: 'system_notification', variables: {} },
  });
  const students = byRole(true).map((each) => each.id);
  const others = byRole(false).map((each) => each.id);
  if (students.length)
    await notify(
      tx,
      ctx,
      students,
      notice(
        'Your first password is your first name in lower case followed by your registration number, with no space.',
      ),
    );
  if (others.length)
    await notify(
      tx,
      ctx,
      others,
      notice('Your administrator will give you your first password; it is not sent by email.'),
    );
}

/** Someone's own account was locked after too many failed sign-ins. */
export async function notifyAccountLocked(tx: DbOrTx, ctx: AppContext, userId: string, until: Date) {
  const minutes = Math.max(1, Math.round((until.getTime() - ctx.clock().getTime()) / 60_000));
  return notify(tx, ctx, [userId], {
    kind: 'account_locked',
    type: 'warning',
    title: 'Your account was locked',
    message: `After too many failed sign-in attempts your account is locked for ${plural(minutes, 'minute')}, until ${lagosDateTime(until)} (Lagos time). If it was not you, reset your password now from the sign-in page.`,
    actionUrl: '/forgot-password',
    email: { templateId: 'system_notification', variables: {} },
  });
}

/**
 * The books' integrity check found the journal disagreeing with the payments, adjustments, credit
 * or payouts it was posted from: the school's Auditors hear it with a way to the books, its ICT
 * administrators (who cannot open the books) hear it too. Never whoever ran the check: they see
 * the result on their screen.
 */
export async function notifyBooksDisagree(
  tx: DbOrTx,
  ctx: AppContext,
  check: { schoolId: string; schoolName: string; disagreements: number; checkedBy: string | null },
) {
  const auditors = await booksWatchersOf(tx, check.schoolId, true, [check.checkedBy]);
  const administrators = (await booksWatchersOf(tx, check.schoolId, false, [check.checkedBy])).filter(
    (id) => !auditors.includes(id),
  );
  const found = plural(check.disagreements, 'disagreement');
  const notice = (forReaders: boolean): Notice => ({
    kind: 'system',
    type: 'error',
    title: `The books of ${check.schoolName} need attention`,
    message: `A check of the books found ${found} between the journal and the payments, adjustments, family credit or payouts it was posted from. ${
      forReaders
        ? 'Open Books to see each one.'
        : 'An auditor or accountant can see each one under Books; nothing has been changed.'
    }`,
    actionUrl: forReaders ? '/books' : null,
    schoolId: check.schoolId,
    email: { templateId: 'system_notification', variables: {} },
  });
  if (auditors.length) await notify(tx, ctx, auditors, notice(true));
  if (administrators.length) await notify(tx, ctx, administrators, notice(false));
}
