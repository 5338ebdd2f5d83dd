import { can } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/** The super-admin and proprietors read more than one school's trail, so they get a school filter. */
export function useAuditPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  return {
    me: user,
    view: can(roles, 'audit.view'),
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
  };
}
export type AuditPermissions = ReturnType<typeof useAuditPermissions>;
