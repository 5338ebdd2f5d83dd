import type { FamilyPaymentPage, PaymentStatus, StudentFees } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { studentFees } from '../fees/student-fees.service.js';
import { listPaymentPage } from '../payments/reporting/lists.service.js';

/*
 * What the student and parent dashboards share. Each child's owing comes from the fee module's
 * own rules (studentFees), so a dashboard never disagrees with /student/fees.
 */

/**
 * The caller as a payer only: someone who is also staff must still see just their own (or their
 * children's) rows on these dashboards, not their schools'.
 */
export const asPayer = (auth: AuthContext, role: 'Student' | 'Parent'): AuthContext => ({ ...auth, roles: [role] });

/** Every fee the student still owes from a term that has started: /student/fees?unpaid=true. */
export const owedBy = (ctx: AppContext, auth: AuthContext, studentId?: string): Promise<StudentFees> =>
  studentFees(ctx, auth, { student_id: studentId, unpaid: 'true' });

export const outstandingFeesOf = (owed: StudentFees) =>
  owed.fees.map((item) => ({
    _id: item.fee._id,
    name: item.fee.name,
    type: item.fee.type,
    amount: item.outstanding,
    dueDate: item.dueDate,
  }));

/** A page of the payments the caller may see (their own, or their children's), newest first. */
export async function paymentPage(
  ctx: AppContext,
  auth: AuthContext,
  query: { page: number; limit: number; status?: PaymentStatus; studentId?: string },
): Promise<FamilyPaymentPage> {
  const { payments, pagination } = await listPaymentPage(ctx, auth, {
    page: query.page,
    limit: query.limit,
    status: query.status,
    student_id: query.studentId,
  });
  return {
    payments,
    pagination: {
      page: pagination.page,
      limit: pagination.limit,
      total: pagination.total,
      pages: pagination.totalPages,
    },
  };
}
