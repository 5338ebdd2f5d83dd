import { can } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do here. The server decides group-level changes by scope, not only
 * by role: only the super-admin (an Admin without a school) creates or deletes groups, and
 * schools are created or deleted by whoever oversees the group (the super-admin or a proprietor).
 */
export function useAcademicPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const hasSchool = Boolean(user?.school);
  const superAdmin = roles.includes('Admin') && !hasSchool;
  const overseesGroup = superAdmin || (roles.includes('Proprietor') && hasSchool);
  const manageSchools = can(roles, 'schools.manage');
  return {
    superAdmin,
    createGroupSchool: superAdmin,
    editGroupSchool: can(roles, 'groupSchools.manage') && overseesGroup,
    deleteGroupSchool: superAdmin,
    createSchool: manageSchools && overseesGroup,
    editSchool: manageSchools,
    deleteSchool: manageSchools && overseesGroup,
    manageSessions: can(roles, 'sessions.manage'),
    manageTerms: can(roles, 'terms.manage'),
    manageClassArms: can(roles, 'classArms.manage'),
    deleteAcademic: can(roles, 'academic.delete'),
  };
}

export type AcademicPermissions = ReturnType<typeof useAcademicPermissions>;
