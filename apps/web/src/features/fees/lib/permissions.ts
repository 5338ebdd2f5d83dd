import { can, type Fee } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do on Fee Management, mirroring the server: whoever created or last
 * edited a fee may not approve or reject it (four eyes), and only an Admin's pre-approval counts.
 * The super-admin (an Admin without a school) and proprietors see more than one school.
 */
export function useFeePermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  return {
    me: user,
    view: can(roles, 'fees.view'),
    manage: can(roles, 'fees.manage'),
    approve: can(roles, 'fees.approve'),
    preapprove: can(roles, 'fees.preapprove'),
    viewPayments: can(roles, 'payments.view'),
    takeCash: can(roles, 'payments.cash'),
    confirmTransfer: can(roles, 'payments.confirmTransfer'),
    refund: can(roles, 'payments.refund'),
    reports: can(roles, 'fees.reports'),
    reminders: can(roles, 'notifications.reminders'),
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
    isAuthorOf: (fee: Fee) => Boolean(user) && (fee.createdBy?._id === user?._id || fee.updatedBy?._id === user?._id),
  };
}

export type FeePermissions = ReturnType<typeof useFeePermissions>;
