import { hasAnyRole, ROLES, type Role } from './roles.js';

/**
 * The one permission matrix. The API guards and the web UI (sidebar, buttons, routes) both read
 * it: the UI hides what the server refuses.
 */
export const PERMISSIONS = {
  /** The directory of the caller's schools: principals and head teachers read it, they change nothing. */
  'users.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'],
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
  /** A school's SMS and WhatsApp settings: channels per kind of notice, budgets, quiet hours, sender ID. */
  'messaging.configure': ['Admin', 'ICT_administrator'],
  /** The SMS and WhatsApp messages sent, their delivery and what they cost. */
  'messaging.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** Reading the phone numbers of messages in full, to find why one was not delivered. */
  'messaging.phones': ['Admin', 'ICT_administrator'],
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
  /** The books: trial balance, general ledger, students' accounts, the chart, closes and their exports. */
  'books.view': ['Admin', 'Proprietor', 'Bursar', 'Auditor', 'Accountant'],
  /** Editing the chart of accounts and its mappings, and closing a period. */
  'books.manage': ['Admin', 'Accountant'],
  /** The term's collections forecast and cash flow ahead. */
  'forecast.view': ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** The monthly commitments (salaries, rent, loans) the cash flow counts. */
  'forecast.manage': ['Admin', 'Proprietor', 'Principal', 'Bursar'],
  /** The cash desk's till sessions, their X reports and their banking: within the caller's schools. */
  'tills.view': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar', 'Auditor'],
  /** Opening one's own till, counting and closing it, banking it once confirmed: whoever takes cash. */
  'tills.operate': ['Admin', 'ICT_administrator', 'Bursar'],
  /** Confirming another person's close (four eyes); the school's settings narrow who (`tillCloseConfirmers`). */
  'tills.confirm': ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(roles: readonly string[], permission: Permission): boolean {
  return hasAnyRole(roles, PERMISSIONS[permission]);
}

/**
 * Permissions that reach no one but their holder: their own dashboard, which shows only what their
 * other permissions already open, and paying their own or their children's fees. A role carrying
 * only these gives no power over anyone, so granting it is weighed as granting nothing.
 */
const isPersonal = (permission: Permission) => permission === 'payments.pay' || permission.startsWith('dashboard.');

const POWERS = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => !isPersonal(permission));

/** Whether `holder` has every power over other people's data and money that `roles` carry. */
export function holdsEveryPower(holder: readonly string[], roles: readonly string[]): boolean {
  return POWERS.every((permission) => can(holder, permission) || !can(roles, permission));
}

/** Roles over the whole group or watching everyone: only an Admin grants or removes them. */
export const ADMIN_GRANTED_ROLES: readonly Role[] = ['Admin', 'Proprietor', 'Auditor'];

/**
 * The roles a person may grant or remove: never one reserved to Admin unless they are one, and
 * never one carrying a power they do not hold themself, judged permission by permission.
 */
export function grantableRoles(granter: readonly string[]): Role[] {
  return ROLES.filter(
    (role) => (granter.includes('Admin') || !ADMIN_GRANTED_ROLES.includes(role)) && holdsEveryPower(granter, [role]),
  );
}

export type RoleChangeRefusal =
  | { reason: 'ownRoles' }
  | { reason: 'targetHoldsMore' }
  | { reason: 'adminOnly' | 'beyondGranter'; role: Role; change: 'grant' | 'remove' };

interface Account {
  id: string;
  roles: readonly string[];
}

/**
 * The one rule of who may set whose roles, for every path that creates an account or changes one
 * (roles, status, deletion). Null when allowed, otherwise why not:
 * - nobody changes their own roles, whatever they hold (keeping them, in any order, is no change);
 * - nobody touches an account holding a power they lack, so nobody strips an Admin of anything
 *   without being one;
 * - every role added or taken away must be one `grantableRoles` allows the granter.
 * `target` is null when the account is being created; `after` is left out when roles stay as they are.
 */
export function roleChangeRefusal({
  granter,
  target,
  after,
}: {
  granter: Account;
  target: Account | null;
  after?: readonly Role[] | undefined;
}): RoleChangeRefusal | null {
  const before = target?.roles ?? [];
  const next: readonly string[] = after ?? before;
  const changed = ROLES.filter((role) => before.includes(role) !== next.includes(role));
  if (target?.id === granter.id && changed.length > 0) return { reason: 'ownRoles' };
  if (target && !holdsEveryPower(granter.roles, target.roles)) return { reason: 'targetHoldsMore' };
  const grantable = grantableRoles(granter.roles);
  const refused = changed.find((role) => !grantable.includes(role));
  if (!refused) return null;
  return {
    reason: ADMIN_GRANTED_ROLES.includes(refused) && !granter.roles.includes('Admin') ? 'adminOnly' : 'beyondGranter',
    role: refused,
    change: before.includes(refused) ? 'remove' : 'grant',
  };
}
