import { PERMISSIONS } from './permissions.js';
import { ROLES, type Role } from './roles.js';
import { ACADEMIC_ROLES as ACADEMIC } from './route-roles.js';

export interface NavEntry {
  label: string;
  path: string;
  roles: readonly Role[];
  icon: string;
}

export interface NavGroup {
  label: string;
  roles: readonly Role[];
  icon: string;
  children: readonly NavEntry[];
}

export type NavItem = NavEntry | NavGroup;

const ALL: readonly Role[] = ROLES;

const FEE_ADMIN: readonly Role[] = ['Admin', 'ICT_administrator', 'Principal', 'Headteacher', 'Bursar'];

/** Issue 16: who records or approves discounts, scholarships, waivers and late fees, and the auditor who reads them. */
const ADJUSTMENTS: readonly Role[] = ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Bursar', 'Auditor'];

/** Sidebar entries exactly as SPEC §2 lists them. */
export const NAVIGATION: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', roles: ALL, icon: 'dashboard' },
  { label: 'Users', path: '/users', roles: ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'], icon: 'users' },
  { label: 'Schools', path: '/schools', roles: ['Admin', 'ICT_administrator', 'Proprietor'], icon: 'schools' },
  {
    label: 'Academic',
    roles: ACADEMIC,
    icon: 'academic',
    children: [
      { label: 'Sessions', path: '/sessions', roles: ACADEMIC, icon: 'sessions' },
      { label: 'Terms', path: '/terms', roles: ACADEMIC, icon: 'terms' },
      { label: 'Class Arms', path: '/class-arms', roles: ACADEMIC, icon: 'classArms' },
      // Issue 14: the term results a school imports. Proprietors may read them at /results, but
      // SPEC keeps the Academic group from them, so they have no sidebar entry.
      { label: 'Results', path: '/results', roles: PERMISSIONS['results.view'], icon: 'results' },
    ],
  },
  {
    label: 'Fee Management',
    roles: [...FEE_ADMIN, 'Proprietor', 'Auditor', 'Student', 'Parent'],
    icon: 'fees',
    children: [
      { label: 'Fee Administration', path: '/fees', roles: FEE_ADMIN, icon: 'feeAdmin' },
      { label: 'Fee Adjustments', path: '/adjustments', roles: ADJUSTMENTS, icon: 'adjustments' },
      { label: 'My Fee Payments', path: '/student/fees', roles: ['Student', 'Parent'], icon: 'myFees' },
      {
        label: 'Cash Payments',
        path: '/bursar/cash-payments',
        roles: ['Admin', 'ICT_administrator', 'Bursar'],
        icon: 'cash',
      },
    ],
  },
  { label: 'Expenses', path: '/expenses', roles: PERMISSIONS['expenses.view'], icon: 'expenses' },
  {
    label: 'Reports',
    path: '/reports',
    roles: ['Admin', 'ICT_administrator', 'Proprietor', 'Auditor', 'Principal', 'Headteacher', 'Bursar'],
    icon: 'reports',
  },
  { label: 'Audit', path: '/audit', roles: PERMISSIONS['audit.view'], icon: 'audit' },
  { label: 'System', path: '/system', roles: PERMISSIONS['system.view'], icon: 'system' },
  {
    label: 'Settings',
    roles: ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'],
    icon: 'settings',
    children: [
      {
        label: 'General Settings',
        path: '/settings',
        roles: ['Admin', 'ICT_administrator', 'Principal', 'Headteacher'],
        icon: 'general',
      },
      {
        label: 'Email Configuration',
        path: '/admin/email-config',
        roles: ['Admin', 'ICT_administrator'],
        icon: 'email',
      },
      {
        label: 'Payment Configuration',
        path: '/admin/payment-config',
        roles: ['Admin', 'ICT_administrator'],
        icon: 'payment',
      },
      {
        label: 'Student Management',
        path: '/admin/students',
        roles: ['Admin', 'ICT_administrator', 'Proprietor'],
        icon: 'students',
      },
    ],
  },
];

function allowed(roles: readonly string[], entryRoles: readonly Role[]) {
  return roles.some((role) => (entryRoles as readonly string[]).includes(role));
}

/** A group is hidden if the user lacks its roles; its children are filtered separately. */
export function navigationFor(roles: readonly string[]): NavItem[] {
  const items: NavItem[] = [];
  for (const item of NAVIGATION) {
    if (!allowed(roles, item.roles)) continue;
    if ('children' in item) {
      const children = item.children.filter((child) => allowed(roles, child.roles));
      if (children.length > 0) items.push({ ...item, children });
    } else {
      items.push(item);
    }
  }
  return items;
}
