import { hasAnyRole, type Role } from './roles.js';

/**
 * The one permission matrix. The API guards and the web UI (sidebar, buttons, routes) both read
 * it: the UI hides what the server refuses.
 */
export const PERMISSIONS = {
  'users.view': ['Admin', 'ICT_administrator', 'Proprietor'],
  'users.manage': ['Admin', 'ICT_administrator', 'Proprietor'],
  'students.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal'],
  /** Finding a student to bill or to take cash from: the list and search only. */
  'students.search': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar'],
  'students.manage': ['Admin', 'ICT_administrator', 'Proprietor'],
  'students.promote': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal'],
  'students.discipline': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
  'schools.view': ['Admin', 'ICT_administrator', 'Proprietor'],
  'schools.manage': ['Admin', 'ICT_administrator', 'Proprietor'],
  'groupSchools.manage': ['Admin', 'ICT_administrator', 'Proprietor'],
  'academic.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
  'sessions.manage': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal'],
  'terms.manage': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
  'classArms.manage': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
  'academic.delete': ['Admin', 'ICT_administrator', 'Proprietor'],
  'addresses.manage': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal'],
  'email.outbox.view': ['Admin', 'ICT_administrator'],
  'fees.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher', 'Bursar', 'Auditor'],
  'fees.manage': ['Admin', 'ICT_administrator', 'Bursar'],
  'fees.approve': ['Admin', 'ICT_administrator', 'Principal', 'Bursar'],
  'fees.preapprove': ['Admin'],
  /** Recording cash at the bursary desk (SPEC §6: staff process cash payments). */
  'payments.cash': ['Admin', 'ICT_administrator', 'Bursar'],
  'fees.reports': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher', 'Bursar', 'Auditor'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(roles: readonly string[], permission: Permission): boolean {
  return hasAnyRole(roles, PERMISSIONS[permission]);
}
