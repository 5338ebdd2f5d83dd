import { can, ROLE_RANK, ROLES, type Role, type User } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

const highestRank = (roles: readonly Role[]) => Math.max(0, ...roles.map((role) => ROLE_RANK[role]));

/**
 * What the signed-in user may do on User Management, mirroring the server: nobody grants a role
 * above their own highest rank or changes a user who outranks them, nobody deactivates or
 * deletes themselves, and students are created in Student Management. The super-admin (an Admin
 * without a school) and proprietors see more than one school.
 */
export function useUserPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const rank = highestRank(roles);
  const grantableRoles = ROLES.filter((role) => role !== 'Student' && ROLE_RANK[role] <= rank);
  return {
    me: user,
    view: can(roles, 'users.view'),
    manage: can(roles, 'users.manage'),
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
    grantableRoles,
    isSelf: (target: User) => target._id === user?._id,
    /** Accounts that outrank the caller are theirs to see but not to change. */
    mayEdit: (target: User) => can(roles, 'users.manage') && highestRank(target.roles) <= rank,
  };
}

export type UserPermissions = ReturnType<typeof useUserPermissions>;
