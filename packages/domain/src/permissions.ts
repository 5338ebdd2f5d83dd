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
  /** SMTP settings, templates, test sends and statistics (SPEC §2 Email Configuration). */
  'email.configure': ['Admin', 'ICT_administrator'],
  /** Sending an email by hand, one or in bulk (SPEC §7 /email/send). */
  'email.send': ['Admin', 'ICT_administrator', 'Principal', 'Bursar'],
  /** System and bulk notifications to a school, a role or chosen people. */
  'notifications.broadcast': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal'],
  /** Seeing, creating and sending payment reminders; switching a school's reminder kinds. */
  'notifications.reminders': ['Admin', 'ICT_administrator', 'Principal', 'Bursar'],
  'fees.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher', 'Bursar', 'Auditor'],
  'fees.manage': ['Admin', 'ICT_administrator', 'Bursar'],
  'fees.approve': ['Admin', 'ICT_administrator', 'Principal', 'Bursar'],
  'fees.preapprove': ['Admin'],
  /** Discounts, scholarships and waivers on a student's fee, late-fee policies and adjustment rules. */
  'adjustments.manage': ['Admin', 'ICT_administrator', 'Principal', 'Bursar'],
  /** Approving or rejecting another person's adjustment or rule (four eyes). */
  'adjustments.approve': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar'],
  /** Recording cash at the bursary desk (SPEC §6: staff process cash payments). */
  'payments.cash': ['Admin', 'ICT_administrator', 'Bursar'],
  /** Paying online or claiming a bank transfer: a student for themself, a parent for a child. */
  'payments.pay': ['Student', 'Parent'],
  /** The school's payment lists, statistics and receipts. */
  'payments.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** Confirming or rejecting a claimed bank transfer. */
  'payments.confirmTransfer': ['Admin', 'ICT_administrator', 'Bursar'],
  'payments.refund': ['Admin', 'Bursar'],
  /** Keys, bank account and methods (SPEC §6: Admin and ICT administrator of the school). */
  'payments.configure': ['Admin', 'ICT_administrator'],
  /** The audit trail, its exports and the auditor's term pack: within the caller's schools. */
  'audit.view': ['Admin', 'Auditor', 'Proprietor', 'Principal'],
  /** General Settings, read: what the school runs with. */
  'settings.view': ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'],
  /** General Settings, changed: audited and enforced from the next request. */
  'settings.manage': ['Admin', 'ICT_administrator'],
  /** System status, system logs and backups (SPEC §7 /ict-admin/*). */
  'system.view': ['Admin', 'ICT_administrator'],
  'system.backup': ['Admin', 'ICT_administrator'],
  /** Each role's own dashboard (SPEC §7 Dashboards): the role that sees it, within their scope. */
  'dashboard.admin': ['Admin'],
  'dashboard.proprietor': ['Proprietor'],
  'dashboard.principal': ['Principal'],
  'dashboard.headteacher': ['Headteacher'],
  'dashboard.bursar': ['Bursar'],
  'dashboard.auditor': ['Auditor'],
  'dashboard.student': ['Student'],
  'dashboard.parent': ['Parent'],
  /** SPEC §2 System Overview: the deployment's health and use. */
  'overview.system': ['Admin', 'ICT_administrator'],
  /** SPEC §2 Financial Overview: collections over a period, within the caller's schools. */
  'overview.financial': ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** Term results (scores, positions, attendance) a school imports from its result software. */
  'results.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
  'results.manage': ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'],
  /** Issue 17: expense requests, payouts, vendors and budgets, and the auditor who reads them. */
  'expenses.view': ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** Recording and submitting expense requests and their documents; vendors, budgets and the threshold. */
  'expenses.manage': ['Admin', 'Proprietor', 'Principal', 'Bursar'],
  /** Approving or rejecting another person's expense request (four eyes). */
  'expenses.approve': ['Admin', 'Proprietor', 'Principal'],
  /** Paying out an approved expense and reversing a payout. */
  'expenses.pay': ['Admin', 'Proprietor', 'Bursar'],
  'fees.reports': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher', 'Bursar', 'Auditor'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(roles: readonly string[], permission: Permission): boolean {
  return hasAnyRole(roles, PERMISSIONS[permission]);
}
