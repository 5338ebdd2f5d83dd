import { ROLE_BADGES, ROLES, type Role } from '@schoolledger/domain';
import type { Column } from '../../../lib/tabular/index.js';
import type { ReportBuilder } from '../report-definition.js';
import { type RoleCount, signInsPerPerson, usersByRole } from './administrative.queries.js';

/** Accounts of no school: the platform's own administrators. */
const NO_SCHOOL = 'No school (platform)';

const roleLabel = (role: string) => ROLE_BADGES[role as Role] ?? role;
const rolesText = (roles: readonly string[]) => roles.map(roleLabel).join(', ');

/* Users by role */

type RoleRow = { school: string; role: string; active: number; locked: number; inactive: number; total: number };

const ROLE_COLUMNS: Column<RoleRow>[] = [
  { key: 'school', header: 'School', kind: 'text', width: 22 },
  { key: 'role', header: 'Role', kind: 'text', width: 16 },
  { key: 'active', header: 'Active', kind: 'number', total: true },
  { key: 'locked', header: 'Locked out', kind: 'number', total: true },
  { key: 'inactive', header: 'Inactive', kind: 'number', total: true },
  { key: 'total', header: 'Total', kind: 'number', total: true },
];

/** Platform accounts first, then schools by name; roles in the order the permission matrix lists them. */
const bySchoolThenRole = (a: RoleCount, b: RoleCount) =>
  (a.school ?? '').localeCompare(b.school ?? '') ||
  ROLES.indexOf(a.role as Role) - ROLES.indexOf(b.role as Role) ||
  a.role.localeCompare(b.role);

export const usersByRoleReport: ReportBuilder = async (db, report) => {
  const counts = await usersByRole(db, report);
  const rows = counts.sort(bySchoolThenRole).map(
    (count): RoleRow => ({
      school: count.school ?? NO_SCHOOL,
      role: roleLabel(count.role),
      active: count.active,
      locked: count.locked,
      inactive: count.inactive,
      total: count.total,
    }),
  );
  return {
    sections: [{ title: 'Users by role and status', columns: ROLE_COLUMNS, rows, totals: true }],
    notes: ['Someone who holds two roles is counted under each, so the total counts roles held, not people.'],
  };
};

/* Sign-in activity */

type SignInRow = {
  name: string;
  email: string;
  roles: string;
  school: string;
  succeeded: number;
  failed: number;
  last: Date | null;
};

const SIGN_IN_COLUMNS: Column<SignInRow>[] = [
  { key: 'name', header: 'Person', kind: 'text', width: 18 },
  { key: 'email', header: 'Email', kind: 'text', width: 24 },
  { key: 'roles', header: 'Roles', kind: 'text', width: 14 },
  { key: 'school', header: 'School', kind: 'text', width: 18 },
  { key: 'succeeded', header: 'Sign-ins', kind: 'number', total: true },
  { key: 'failed', header: 'Failed', kind: 'number', total: true },
  { key: 'last', header: 'Last sign-in (Lagos)', kind: 'date' },
];

/** Everyone who tried to sign in during the period, by name. */
export const signInActivityReport: ReportBuilder = async (db, report) => {
  const people = await signInsPerPerson(db, report);
  const rows = people.map(
    (person): SignInRow => ({
      name: person.name,
      email: person.email,
      roles: rolesText(person.roles),
      school: person.school ?? NO_SCHOOL,
      succeeded: person.succeeded,
      failed: person.failed,
      last: person.last,
    }),
  );
  return { sections: [{ title: 'Sign-in activity', columns: SIGN_IN_COLUMNS, rows, totals: true }] };
};
