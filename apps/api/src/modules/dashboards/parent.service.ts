import {
  type FamilyPayment,
  type FamilyPaymentPage,
  type ParentChild,
  type ParentDashboard,
  type paymentHistoryQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { listInbox } from '../notifications/inbox.queries.js';
import { academicOf } from '../results/results.queries.js';
import { listChildren } from '../students/students.service.js';
import { paidByStudents } from './collections.queries.js';
import { meanOf, toFamilyAcademic, toFamilyPayment, toFamilyStudent } from './family.presenters.js';
import { owedBy, paymentPage } from './family.service.js';

const CHILD_RECENT = 3;
const ACTIVITIES = 8;
const CHILD_PAYMENTS = 10;
/** How far back in the parent's inbox to look for notices about the children. */
const NOTICES_READ = 20;

const newestFirst = (a: FamilyPayment, b: FamilyPayment) => b.date.localeCompare(a.date);

type Notice = Awaited<ReturnType<typeof listInbox>>[number];

/**
 * The children's payments and the parent's notices about a child (fees set, reminders), newest
 * first. A notice about a payment is left out: the payment itself is listed.
 */
function activitiesOf(payments: FamilyPayment[], inbox: Notice[], nameOf: Map<string, string>) {
  const notices = inbox.flatMap((notice) => {
    const studentId = notice.metadata.studentId;
    const childName = typeof studentId === 'string' ? nameOf.get(studentId) : undefined;
    if (!childName || notice.metadata.paymentId !== undefined) return [];
    return [
      {
        _id: notice.id,
        type: 'notice',
        description: `${notice.title}: ${notice.message}`,
        date: notice.createdAt.toISOString(),
        childName,
      },
    ];
  });
  const paid = payments.map((payment) => ({
    _id: payment._id,
    type: 'payment',
    description: `${payment.fee.name}: ${payment.status} ${payment.mode.replace('_', ' ')} payment`,
    date: payment.date,
    childName: payment.childName,
  }));
  return [...paid, ...notices].sort((a, b) => b.date.localeCompare(a.date));
}

/**
 * SPEC §5 parent dashboard: a card per linked child across the group's schools, and their totals.
 * Read on the primary, unlike the staff dashboards: a parent comes back here from paying, and the
 * payment must already show.
 */
export async function parentDashboard(ctx: AppContext, auth: AuthContext): Promise<ParentDashboard> {
  if (!auth.roles.includes('Parent')) throw forbidden();
  const children = await listChildren(ctx, auth);
  const ids = children.map((child) => child._id);
  const [owings, recents, paid, academic, inbox] = await Promise.all([
    Promise.all(ids.map((id) => owedBy(ctx, auth, id))),
    Promise.all(ids.map((id) => paymentPage(ctx, auth, { page: 1, limit: CHILD_RECENT, studentId: id }))),
    paidByStudents(ctx.db, ids),
    academicOf(ctx.db, ids),
    listInbox(ctx.db, auth.userId, { unreadOnly: false, paymentsOnly: false }, { limit: NOTICES_READ, offset: 0 }),
  ]);
  const today = todayIn('Africa/Lagos', ctx.clock());

  const cards = owings.map((owed, index) => {
    const id = owed.student._id;
    return {
      ...toFamilyStudent(owed.student),
      totalOutstanding: owed.summary.totalOutstanding,
      totalPaid: paid.get(id) ?? 0n,
      recentPayments: recents[index]!.payments.map(toFamilyPayment),
      academic: toFamilyAcademic(academic.get(id)),
    };
  });
  const recentPayments = cards.flatMap((card) => card.recentPayments).sort(newestFirst);
  const nameOf = new Map(cards.map((card) => [card._id, card.name]));
  // The fee due soonest (overdue ones first, as their dates are earlier) across every child.
  const reminder = owings
    .flatMap((owed) => owed.fees.map((item) => ({ owed, item })))
    .sort((a, b) => a.item.dueDate.localeCompare(b.item.dueDate))[0];

  return {
    overallSummary: {
      totalChildren: cards.length,
      totalOutstanding: cards.reduce((sum, card) => sum + card.totalOutstanding, 0n),
      totalPaid: cards.reduce((sum, card) => sum + card.totalPaid, 0n),
      averagePerformance: meanOf(cards.map((card) => card.academic.currentAverage)),
      averageAttendance: meanOf(cards.map((card) => card.academic.attendanceRate)),
    },
    children: cards,
    financialSummary: cards.map((card) => ({
      childId: card._id,
      childName: card.name,
      totalOutstanding: card.totalOutstanding,
      recentPayments: card.recentPayments.map((payment) => ({ amount: payment.amount, trans_date: payment.date })),
    })),
    academicSummary: cards.map((card) => ({
      childId: card._id,
      currentAverage: card.academic.currentAverage,
      attendanceRate: card.academic.attendanceRate,
    })),
    recentActivities: activitiesOf(recentPayments, inbox, nameOf).slice(0, ACTIVITIES),
    recentPayments: recentPayments.slice(0, CHILD_RECENT),
    paymentReminder: reminder
      ? {
          childId: reminder.owed.student._id,
          childName: reminder.owed.student.name,
          feeId: reminder.item.fee._id,
          feeName: reminder.item.fee.name,
          amount: reminder.item.outstanding,
          dueDate: reminder.item.dueDate,
          overdue: reminder.item.dueDate < today,
        }
      : null,
  };
}

/** One linked child: their fees with what is owed, their payments and results. 404 for any other student. */
export async function parentChild(ctx: AppContext, auth: AuthContext, childId: string): Promise<ParentChild> {
  if (!auth.roles.includes('Parent')) throw forbidden();
  const owed = await owedBy(ctx, auth, childId);
  const [paid, payments, academic] = await Promise.all([
    paidByStudents(ctx.db, [childId]),
    paymentPage(ctx, auth, { page: 1, limit: CHILD_PAYMENTS, studentId: childId }),
    academicOf(ctx.db, [childId]),
  ]);
  return {
    child: toFamilyStudent(owed.student),
    fees: owed.fees,
    summary: { totalOutstanding: owed.summary.totalOutstanding, totalPaid: paid.get(childId) ?? 0n },
    payments: payments.payments.map(toFamilyPayment),
    academic: academic.get(childId) ?? null,
  };
}

/** Payments of every linked child, or of the one named, newest first. */
export function parentPaymentHistory(
  ctx: AppContext,
  auth: AuthContext,
  query: z.output<typeof paymentHistoryQuerySchema>,
): Promise<FamilyPaymentPage> {
  if (!auth.roles.includes('Parent')) throw forbidden();
  return paymentPage(ctx, auth, {
    page: query.page,
    limit: query.limit,
    status: query.status,
    studentId: query.child_id,
  });
}
