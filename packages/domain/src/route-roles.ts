import { PERMISSIONS, type Permission } from './permissions.js';
import type { Role } from './roles.js';

/** An entry is highlighted when the current path equals or starts with its path. */
export function isActivePath(currentPath: string, entryPath: string): boolean {
  return currentPath === entryPath || currentPath.startsWith(`${entryPath}/`);
}

/**
 * The permission that opens each signed-in page, the one its API needs to show it (any of them,
 * where several are listed). The one place that says who opens a page: the route guard lets in
 * exactly these roles and the sidebar (navigation.ts) shows its entry to exactly them, so no link
 * leads to a refusal. Other paths need only sign-in.
 */
const PAGE_PERMISSIONS: Record<string, Permission | readonly Permission[]> = {
  '/users': 'users.view',
  '/schools': 'schools.view',
  '/sessions': 'academic.view',
  '/terms': 'academic.view',
  '/class-arms': 'academic.view',
  '/results': 'results.view',
  '/admin/students': 'students.view',
  '/fees': 'fees.view',
  // Whoever records or approves an adjustment, and whoever reads the audit trail.
  '/adjustments': ['adjustments.manage', 'adjustments.approve', 'audit.view'],
  '/student/fees': 'payments.pay',
  '/parent/child': 'dashboard.parent',
  '/bursar/cash-payments': 'payments.cash',
  '/bursar/tills': 'tills.view',
  '/bursar/bank-statements': 'payments.confirmTransfer',
  '/bursar/virtual-accounts': 'payments.view',
  '/expenses': 'expenses.view',
  '/books': 'books.view',
  '/admin/payment-config': 'payments.configure',
  '/admin/email-config': 'email.configure',
  '/messaging': 'messaging.view',
  '/reports': 'fees.reports',
  '/forecast': 'forecast.view',
  '/audit': 'audit.view',
  '/settings': 'settings.view',
  '/system': 'system.view',
  '/admin/system-overview': 'overview.system',
  '/admin/financial-overview': 'overview.financial',
};

function rolesOf(permissions: Permission | readonly Permission[]): readonly Role[] {
  const list: readonly Permission[] = typeof permissions === 'string' ? [permissions] : permissions;
  const roles = new Set<Role>(list.flatMap((permission) => PERMISSIONS[permission]));
  return [...roles];
}

/** Route guards for the signed-in paths: the roles of each page's permission. */
export const ROUTE_ROLES: Record<string, readonly Role[]> = Object.fromEntries(
  Object.entries(PAGE_PERMISSIONS).map(([path, permissions]) => [path, rolesOf(permissions)]),
);

/** Whether someone with `roles` may open `path`; a path without a guard needs only sign-in. */
export function mayOpen(roles: readonly string[], path: string): boolean {
  const key = Object.keys(ROUTE_ROLES).find((guarded) => isActivePath(path, guarded));
  const allowed = key ? ROUTE_ROLES[key] : undefined;
  return !allowed || roles.some((role) => (allowed as readonly string[]).includes(role));
}
