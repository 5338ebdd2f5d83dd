export const ROLES = [
  'Admin',
  'ICT_administrator',
  'Proprietor',
  'Principal',
  'Headteacher',
  'Bursar',
  'Auditor',
  'Accountant',
  'Student',
  'Parent',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_BADGES: Record<Role, string> = {
  Admin: 'Administrator',
  ICT_administrator: 'ICT Administrator',
  Proprietor: 'Proprietor',
  Principal: 'Principal',
  Headteacher: 'Head Teacher',
  Bursar: 'Bursar',
  Auditor: 'Auditor',
  Accountant: 'Accountant',
  Student: 'Student',
  Parent: 'Parent',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  Admin: 'Full system access',
  ICT_administrator: 'Technical management',
  Proprietor: 'Multi-school oversight',
  Principal: 'School management',
  Headteacher: 'Academic oversight',
  Bursar: 'Financial management',
  Auditor: 'Audit and compliance',
  Accountant: 'Books, chart of accounts and period close',
  Student: 'Pays and tracks own fees',
  Parent: "Pays and tracks children's fees",
};

export const DASHBOARD_SUBTITLES: Record<Role, string> = {
  Admin: 'Oversee every school, user and naira across the group.',
  ICT_administrator: 'Keep the system, its users and its integrations healthy.',
  Proprietor: 'Watch performance across every school in your group.',
  Principal: "Lead your school's finances and academic structure.",
  Headteacher: 'Oversee academic structure and school operations.',
  Bursar: 'Collect, confirm and reconcile school fees.',
  Auditor: 'Review transactions, changes and compliance.',
  Accountant: 'Read the books, keep the chart of accounts and close periods.',
  Student: 'See what you owe and pay your school fees.',
  Parent: "Follow and pay your children's school fees.",
};

/** The dashboard is chosen by the first role the user holds. */
export function primaryRole(roles: readonly string[]): Role | undefined {
  const first = roles[0];
  return ROLES.find((role) => role === first);
}

export function hasAnyRole(roles: readonly string[], allowed: readonly Role[]): boolean {
  return roles.some((role) => (allowed as readonly string[]).includes(role));
}
