import { can } from '@schoolledger/domain';
import { useAuthStore } from '@/lib/auth';

/**
 * What the signed-in user may do with the books, from the matrix the server enforces. The
 * super-admin (no school of their own) and proprietors keep the books of several schools: they
 * choose one, or read the group's trial balance; everyone else works on their own school.
 */
export function useBooksPermissions() {
  const user = useAuthStore((state) => state.user);
  const roles = user?.roles ?? [];
  const multiSchool = Boolean(user) && (user?.school === null || roles.includes('Proprietor'));
  return {
    view: can(roles, 'books.view'),
    manage: can(roles, 'books.manage'),
    multiSchool,
    /** The school the caller works on when they cannot choose; null for those who choose. */
    ownSchool: multiSchool ? null : (user?.school ?? null),
  };
}
export type BooksPermissions = ReturnType<typeof useBooksPermissions>;
