import { can } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do on Fee Adjustments, mirroring the server: the auditor only reads,
 * and nobody approves or rejects what they recorded (four eyes). The super-admin (an Admin without
 * a school) and proprietors see more than one school.
 */
export function useAdjustmentPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  return {
    me: user,
    view: can(roles, 'fees.view'),
    manage: can(roles, 'adjustments.manage'),
    approve: can(roles, 'adjustments.approve'),
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
    recordedBy: (person: { _id: string } | null) => Boolean(user) && person?._id === user?._id,
  };
}

export type AdjustmentPermissions = ReturnType<typeof useAdjustmentPermissions>;
