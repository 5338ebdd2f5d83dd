import type { FamilyPaymentPage, StudentDashboard, studentPaymentsQuerySchema } from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { availableMethods } from '../payment-profiles/payment-profiles.service.js';
import { academicOf } from '../results/results.queries.js';
import { paidByStudents } from './collections.queries.js';
import { toFamilyAcademic, toFamilyPayment, toFamilyStudent } from './family.presenters.js';
import { outstandingFeesOf, owedBy, paymentPage } from './family.service.js';

const RECENT_PAYMENTS = 5;

/**
 * SPEC §5 student dashboard: what the signed-in student owes and paid, recent payments, results, how
 * to pay. On the primary, as the parent's: a payer comes back here from paying.
 */
export async function studentDashboard(ctx: AppContext, auth: AuthContext): Promise<StudentDashboard> {
  const owed = await owedBy(ctx, auth);
  const studentId = owed.student._id;
  const [paid, recent, academic, methods] = await Promise.all([
    paidByStudents(ctx.db, [studentId]),
    paymentPage(ctx, auth, { page: 1, limit: RECENT_PAYMENTS, studentId }),
    academicOf(ctx.db, [studentId]),
    availableMethods(ctx, auth, {}),
  ]);
  return {
    student: toFamilyStudent(owed.student),
    financial: {
      totalOutstanding: owed.summary.totalOutstanding,
      totalPaid: paid.get(studentId) ?? 0n,
      outstandingFees: outstandingFeesOf(owed),
      recentPayments: recent.payments.map(toFamilyPayment),
    },
    academic: toFamilyAcademic(academic.get(studentId)),
    paymentMethods: methods.methods,
  };
}

export const studentPayments = (
  ctx: AppContext,
  auth: AuthContext,
  query: z.output<typeof studentPaymentsQuerySchema>,
): Promise<FamilyPaymentPage> => paymentPage(ctx, auth, { ...query, studentId: auth.userId });
