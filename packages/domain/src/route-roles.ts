import type { Role } from './roles.js';

// Kept apart from the sidebar (navigation.ts) and the permission matrix (permissions.ts): the
// route guard runs in the web's first load, which must not carry those two.

export const ACADEMIC_ROLES: readonly Role[] = ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'];

/** An entry is highlighted when the current path equals or starts with its path. */
export function isActivePath(currentPath: string, entryPath: string): boolean {
  return currentPath === entryPath || currentPath.startsWith(`${entryPath}/`);
}

/**
 * Route guards for the signed-in paths that SPEC restricts; other paths need only sign-in. Each
 * equals the permission the page's API needs (a domain test holds them together).
 */
export const ROUTE_ROLES: Record<string, readonly Role[]> = {
  '/users': ['Admin', 'ICT_administrator', 'Principal', 'Headteacher', 'Proprietor'],
  '/schools': ['Admin', 'ICT_administrator', 'Proprietor'],
  '/sessions': [...ACADEMIC_ROLES, 'Proprietor'],
  '/terms': [...ACADEMIC_ROLES, 'Proprietor'],
  '/class-arms': [...ACADEMIC_ROLES, 'Proprietor'],
  '/admin/students': ['Admin', 'Proprietor', 'ICT_administrator'],
  '/student/fees': ['Student', 'Parent'],
  '/parent/child': ['Parent'],
  '/bursar/cash-payments': ['Admin', 'ICT_administrator', 'Bursar'],
  '/adjustments': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  '/expenses': ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  '/admin/payment-config': ['Admin', 'ICT_administrator'],
  '/reports': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher', 'Bursar', 'Auditor'],
  '/audit': ['Admin', 'Auditor', 'Proprietor', 'Principal'],
  '/settings': ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'],
  '/system': ['Admin', 'ICT_administrator'],
  '/admin/system-overview': ['Admin', 'ICT_administrator'],
  '/admin/financial-overview': ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  '/results': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
};
