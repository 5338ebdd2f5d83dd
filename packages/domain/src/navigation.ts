import { mayOpen } from './route-roles.js';

export interface NavEntry {
  label: string;
  path: string;
  icon: string;
}

export interface NavGroup {
  label: string;
  icon: string;
  children: readonly NavEntry[];
}

export type NavItem = NavEntry | NavGroup;

/**
 * The sidebar, in SPEC §2's order and wording. Who sees an entry is not said here: it is whoever
 * may open its page (ROUTE_ROLES), so a link never leads to a refusal. Unlike SPEC's sidebar,
 * this puts every page a role may use in reach, and no page it may not.
 */
export const NAVIGATION: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
  { label: 'Users', path: '/users', icon: 'users' },
  { label: 'Schools', path: '/schools', icon: 'schools' },
  {
    label: 'Academic',
    icon: 'academic',
    children: [
      { label: 'Sessions', path: '/sessions', icon: 'sessions' },
      { label: 'Terms', path: '/terms', icon: 'terms' },
      { label: 'Class Arms', path: '/class-arms', icon: 'classArms' },
      { label: 'Results', path: '/results', icon: 'results' },
    ],
  },
  {
    label: 'Fee Management',
    icon: 'fees',
    children: [
      { label: 'Fee Administration', path: '/fees', icon: 'feeAdmin' },
      { label: 'Fee Adjustments', path: '/adjustments', icon: 'adjustments' },
      { label: 'My Fee Payments', path: '/student/fees', icon: 'myFees' },
      { label: 'Cash Payments', path: '/bursar/cash-payments', icon: 'cash' },
      { label: 'Cash Tills', path: '/bursar/tills', icon: 'tills' },
      { label: 'Bank Statements', path: '/bursar/bank-statements', icon: 'bankStatements' },
      { label: 'Virtual Accounts', path: '/bursar/virtual-accounts', icon: 'virtualAccounts' },
    ],
  },
  { label: 'Expenses', path: '/expenses', icon: 'expenses' },
  { label: 'Books', path: '/books', icon: 'books' },
  { label: 'Reports', path: '/reports', icon: 'reports' },
  { label: 'Collections Forecast', path: '/forecast', icon: 'forecast' },
  { label: 'Audit', path: '/audit', icon: 'audit' },
  { label: 'System', path: '/system', icon: 'system' },
  {
    label: 'Settings',
    icon: 'settings',
    children: [
      { label: 'General Settings', path: '/settings', icon: 'general' },
      { label: 'Email Configuration', path: '/admin/email-config', icon: 'email' },
      { label: 'Messages', path: '/messaging', icon: 'messaging' },
      { label: 'Payment Configuration', path: '/admin/payment-config', icon: 'payment' },
      { label: 'Student Management', path: '/admin/students', icon: 'students' },
    ],
  },
];

/** The entries someone with `roles` may open; a group shows when any of its entries does. */
export function navigationFor(roles: readonly string[]): NavItem[] {
  const items: NavItem[] = [];
  for (const item of NAVIGATION) {
    if ('children' in item) {
      const children = item.children.filter((child) => mayOpen(roles, child.path));
      if (children.length > 0) items.push({ ...item, children });
    } else if (mayOpen(roles, item.path)) {
      items.push(item);
    }
  }
  return items;
}
