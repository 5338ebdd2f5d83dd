import { can, type ExpenseDetail } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do on Expenses, mirroring the server: the auditor only reads, and
 * nobody approves or rejects a request they recorded or submitted (four eyes). The super-admin (an
 * Admin without a school) and proprietors see more than one school.
 */
export function useExpensePermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const isMe = (person: { _id: string } | null) => Boolean(user) && person?._id === user?._id;
  return {
    me: user,
    view: can(roles, 'expenses.view'),
    manage: can(roles, 'expenses.manage'),
    approve: can(roles, 'expenses.approve'),
    pay: can(roles, 'expenses.pay'),
    /** Only they approve a request above the school's threshold. */
    approvesAnyAmount: roles.includes('Proprietor') || roles.includes('Admin'),
    /** The super-admin belongs to no group, so a vendor they add names its group. */
    superAdmin: Boolean(user) && user?.school === null,
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
    ownSchool: user?.school?._id ?? '',
    /** Recorded by the caller, or submitted by them the last time: the server refuses their decision. */
    isOwn: (expense: Pick<ExpenseDetail, 'createdBy' | 'history'>) =>
      isMe(expense.createdBy) || isMe(expense.history.findLast((event) => event.action === 'submit')?.actor ?? null),
  };
}

export type ExpensePermissions = ReturnType<typeof useExpensePermissions>;
