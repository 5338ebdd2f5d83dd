import { can, grantableRoles, holdsEveryPower, type User } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do on User Management, from the same rule the server enforces:
 * nobody grants a role carrying a permission they lack (Admin, Proprietor and Auditor only by an
 * Admin), changes a user who holds a permission they lack, changes their own roles, or deactivates
 * or deletes themselves; students are created in Student Management. The super-admin (an Admin
 * without a school) and proprietors see more than one school.
 */
export function useUserPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const isSelf = (target: User) => target._id === user?._id;
  const grantable = grantableRoles(roles).filter((role) => role !== 'Student');
  return {
    me: user,
    view: can(roles, 'users.view'),
    manage: can(roles, 'users.manage'),
    multiSchool: Boolean(user) && (user?.school === null || roles.includes('Proprietor')),
    grantableRoles: grantable,
    /** The roles offered on this user's form: none on one's own, whose roles stay as they are. */
    rolesFor: (target: User) => (isSelf(target) ? [] : grantable),
    isSelf,
    /** Users holding a permission the caller lacks are theirs to see but not to change. */
    mayEdit: (target: User) => can(roles, 'users.manage') && holdsEveryPower(roles, target.roles),
  };
}

export type UserPermissions = ReturnType<typeof useUserPermissions>;
