import { describe, expect, it } from 'vitest';
import {
  classArmFill,
  displayName,
  greeting,
  initials,
  isActivePath,
  isCurrentPeriod,
  koboToNaira,
  nairaToKobo,
  navigationFor,
  PERMISSIONS,
  primaryRole,
  ROLES,
  ROUTE_ROLES,
  reportsFor,
  sessionBadge,
  termBadge,
} from '../src/index.js';

describe('greeting', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('at %i:00 says %s', (hour, expected) => {
    expect(greeting(hour)).toBe(expected);
  });
});

describe('display name', () => {
  it('joins first, middle and last names with single spaces, skipping empty parts', () => {
    expect(displayName({ firstname: 'Chidinma', middlename: '', lastname: 'Okafor' })).toBe('Chidinma Okafor');
    expect(displayName({ firstname: ' Ade ', middlename: 'Tunde', lastname: 'Bello' })).toBe('Ade Tunde Bello');
    expect(displayName({ firstname: 'Musa', middlename: null, lastname: null })).toBe('Musa');
  });

  it('gives up to two initials', () => {
    expect(initials({ firstname: 'ngozi', lastname: 'eze' })).toBe('NE');
    expect(initials({ firstname: 'Ngozi' })).toBe('N');
  });
});

describe('academic badges', () => {
  const term = { startDate: '2026-09-14', endDate: '2026-12-18', isActive: true };

  it('marks a period current when today lies between its dates, inclusive', () => {
    expect(isCurrentPeriod(term, '2026-09-14')).toBe(true);
    expect(isCurrentPeriod(term, '2026-12-18')).toBe(true);
    expect(isCurrentPeriod(term, '2026-12-19')).toBe(false);
  });

  it('labels terms Active, Upcoming, Completed or Inactive', () => {
    expect(termBadge(term, '2026-11-21')).toBe('Active');
    expect(termBadge(term, '2026-09-01')).toBe('Upcoming');
    expect(termBadge(term, '2027-01-05')).toBe('Completed');
    expect(termBadge({ ...term, isActive: false }, '2026-11-21')).toBe('Inactive');
  });

  it('labels sessions by their flag', () => {
    expect(sessionBadge({ isActive: true })).toBe('Active');
    expect(sessionBadge({ isActive: false })).toBe('Inactive');
  });

  it('fills class arms: Full at 90%, Nearly Full at 75%, else Available', () => {
    expect(classArmFill(36, 40)).toBe('Full');
    expect(classArmFill(35, 40)).toBe('Nearly Full');
    expect(classArmFill(30, 40)).toBe('Nearly Full');
    expect(classArmFill(29, 40)).toBe('Available');
    expect(classArmFill(0, 0)).toBe('Available');
  });
});

describe('money', () => {
  it('converts naira to kobo without float error', () => {
    expect(nairaToKobo(0.1) + nairaToKobo(0.2)).toBe(30n);
    expect(nairaToKobo('1000000.01')).toBe(100000001n);
    expect(nairaToKobo(19.99)).toBe(1999n);
    expect(koboToNaira(100000001n)).toBe(1000000.01);
    expect(koboToNaira(-250n)).toBe(-2.5);
  });

  it('refuses amounts with more than two decimals or a sign', () => {
    expect(() => nairaToKobo('1.005')).toThrow(RangeError);
    expect(() => nairaToKobo('-5')).toThrow(RangeError);
  });
});

describe('route guards', () => {
  it('let into a page exactly the roles its API serves', () => {
    expect(ROUTE_ROLES['/audit']).toEqual(PERMISSIONS['audit.view']);
    expect(ROUTE_ROLES['/settings']).toEqual(PERMISSIONS['settings.view']);
    expect(ROUTE_ROLES['/system']).toEqual(PERMISSIONS['system.view']);
    expect(ROUTE_ROLES['/admin/payment-config']).toEqual(PERMISSIONS['payments.configure']);
    expect(ROUTE_ROLES['/bursar/cash-payments']).toEqual(PERMISSIONS['payments.cash']);
    expect(ROUTE_ROLES['/admin/system-overview']).toEqual(PERMISSIONS['overview.system']);
    expect(ROUTE_ROLES['/admin/financial-overview']).toEqual(PERMISSIONS['overview.financial']);
    expect(ROUTE_ROLES['/results']).toEqual(PERMISSIONS['results.view']);
    expect(ROUTE_ROLES['/expenses']).toEqual(PERMISSIONS['expenses.view']);
    expect(ROUTE_ROLES['/books']).toEqual(PERMISSIONS['books.view']);
    expect(ROUTE_ROLES['/parent/child']).toEqual(PERMISSIONS['dashboard.parent']);
    expect(ROUTE_ROLES['/messaging']).toEqual(PERMISSIONS['messaging.view']);
  });

  it('let into Fee Adjustments whoever records or approves them, and the auditor to read them', () => {
    const adjusters = new Set([...PERMISSIONS['adjustments.manage'], ...PERMISSIONS['adjustments.approve'], 'Auditor']);
    expect([...ROUTE_ROLES['/adjustments']!].sort()).toEqual([...adjusters].sort());
    expect(navigationFor(['Auditor']).flatMap((item) => ('children' in item ? item.children : [item]))).toContainEqual(
      expect.objectContaining({ path: '/adjustments' }),
    );
  });

  it('let into Reports exactly the staff with a report to run (families get their statements on the fee page)', () => {
    const staff = ROLES.filter((role) => role !== 'Parent' && role !== 'Student');
    const withReports = staff.filter((role) => reportsFor([role]).length > 0);
    expect([...ROUTE_ROLES['/reports']!].sort()).toEqual([...withReports].sort());
    expect(reportsFor(['Parent'])).toEqual(['student_statement']);
    expect(reportsFor(['Student'])).toEqual(['student_statement']);
    // Messages to families: for whoever reads the Messages screen, and no one else.
    const messageReaders = ROLES.filter((role) => reportsFor([role]).includes('messages'));
    expect(messageReaders.sort()).toEqual([...PERMISSIONS['messaging.view']].sort());
  });
});

describe('navigation', () => {
  const labels = (roles: string[]) =>
    navigationFor(roles).map((item) =>
      'children' in item ? `${item.label}[${item.children.map((c) => c.label).join(',')}]` : item.label,
    );

  it('shows a bursar only their entries', () => {
    expect(labels(['Bursar'])).toEqual([
      'Dashboard',
      'Fee Management[Fee Administration,Fee Adjustments,Cash Payments,Cash Tills,Bank Statements,Virtual Accounts]',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Settings[Messages]',
    ]);
  });

  it('shows an accountant the dashboard and the books, nothing else', () => {
    expect(labels(['Accountant'])).toEqual(['Dashboard', 'Books']);
  });

  it('shows a student the dashboard and their own fee payments', () => {
    expect(labels(['Student'])).toEqual(['Dashboard', 'Fee Management[My Fee Payments]']);
  });

  it('shows an admin every entry', () => {
    expect(labels(['Admin'])).toEqual([
      'Dashboard',
      'Users',
      'Schools',
      'Academic[Sessions,Terms,Class Arms,Results]',
      'Fee Management[Fee Administration,Fee Adjustments,Cash Payments,Cash Tills,Bank Statements,Virtual Accounts]',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Audit',
      'System',
      'Settings[General Settings,Email Configuration,Messages,Payment Configuration,Student Management]',
    ]);
  });

  it('shows the proprietor every page they may open, Fee Administration and Student Management among them', () => {
    expect(labels(['Proprietor'])).toEqual([
      'Dashboard',
      'Users',
      'Schools',
      'Academic[Sessions,Terms,Class Arms,Results]',
      'Fee Management[Fee Administration,Fee Adjustments,Cash Tills,Virtual Accounts]',
      'Expenses',
      'Books',
      'Reports',
      'Collections Forecast',
      'Audit',
      'Settings[Messages,Student Management]',
    ]);
  });

  it('shows principals and head teachers the directory they may read, and no page they may not open', () => {
    expect(labels(['Principal'])).toContain('Users');
    expect(labels(['Headteacher'])).toContain('Users');
    for (const role of ROLES) {
      const paths = navigationFor([role]).flatMap((item) => ('children' in item ? item.children : [item]));
      for (const { path } of paths) {
        expect(ROUTE_ROLES[path] ?? ROLES, `${role} on ${path}`).toContain(role);
      }
    }
  });

  it('highlights an entry for its own path and paths below it', () => {
    expect(isActivePath('/fees', '/fees')).toBe(true);
    expect(isActivePath('/fees/approvals', '/fees')).toBe(true);
    expect(isActivePath('/feesx', '/fees')).toBe(false);
  });

  it('picks the dashboard by the first role', () => {
    expect(primaryRole(['Bursar', 'Admin'])).toBe('Bursar');
    expect(primaryRole(['Janitor'])).toBeUndefined();
  });
});
