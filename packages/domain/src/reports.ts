import { PERMISSIONS } from './permissions.js';
import type { Role } from './roles.js';

/** The Reports screen's tabs (SPEC §2); `all` shows every category. */
export const REPORT_CATEGORIES = ['financial', 'academic', 'administrative', 'audit'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  financial: 'Financial',
  academic: 'Academic',
  administrative: 'Administrative',
  audit: 'Audit',
};

export const REPORT_IDS = [
  'collections',
  'outstanding',
  'debtors',
  'student_statement',
  'fee_schedule',
  'payments',
  'reconciliation',
  'group_summary',
  'income_expenditure',
  'forecast',
  'audit_trail',
  'audit_financial',
  'audit_security',
  'failed_logins',
  'user_activity',
  'class_lists',
  'enrolment',
  'promotions',
  'users_by_role',
  'sign_in_activity',
  'messages',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** Every filter a report can take; each report names the ones it reads, and any other is refused (422). */
export const REPORT_FILTERS = ['schoolId', 'sessionId', 'termId', 'classArmId', 'from', 'to', 'studentId'] as const;
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

export const REPORT_FILTER_LABELS: Record<ReportFilterName, string> = {
  schoolId: 'School',
  sessionId: 'Session',
  termId: 'Term',
  classArmId: 'Class arm',
  from: 'From',
  to: 'To',
  studentId: 'Student',
};

/** The longest date range a report covers: five years of a school's history. */
export const REPORT_MAX_RANGE_DAYS = 5 * 366;

/** How long a generated file stays downloadable. */
export const REPORT_FILE_DAYS = 7;

export interface ReportMeta {
  category: ReportCategory;
  title: string;
  description: string;
  /** Who may generate it (and download another person's copy of it, within their schools). */
  roles: readonly Role[];
  filters: readonly ReportFilterName[];
  /** Filters the report cannot run without. */
  required?: readonly ReportFilterName[];
}

const FINANCE: readonly Role[] = PERMISSIONS['payments.view'];
const FEE_READERS: readonly Role[] = PERMISSIONS['fees.reports'];
const ACADEMIC: readonly Role[] = ['Admin', 'ICT_administrator', 'Proprietor', 'Principal', 'Headteacher'];
const PEOPLE: readonly Role[] = ['Admin', 'ICT_administrator', 'Proprietor', 'Auditor'];
const AUDIT: readonly Role[] = PERMISSIONS['audit.view'];
const RANGE = ['schoolId', 'from', 'to'] as const;

/** The catalogue: the API builds each report, the screen lists and filters them, from this one table. */
export const REPORTS: Record<ReportId, ReportMeta> = {
  collections: {
    category: 'financial',
    title: 'Collections',
    description:
      'Money received by day, by method, by fee and by class arm, refunds netted; the cash split by who recorded it for the cash-up.',
    roles: FINANCE,
    filters: ['schoolId', 'sessionId', 'termId', 'classArmId', 'from', 'to'],
  },
  outstanding: {
    category: 'financial',
    title: 'Outstanding fees',
    description: 'Expected, paid and outstanding per class arm and per student, with days overdue, largest first.',
    roles: FEE_READERS,
    filters: ['schoolId', 'termId', 'classArmId'],
  },
  debtors: {
    category: 'financial',
    title: 'Debtors list',
    description: 'Students who still owe, one list per class arm, for form teachers.',
    roles: FEE_READERS,
    filters: ['schoolId', 'termId', 'classArmId'],
  },
  student_statement: {
    category: 'financial',
    title: 'Student statement',
    description: "One student's fees and payments across all terms with a running balance, on the school's letterhead.",
    roles: [...FEE_READERS, 'Parent', 'Student'],
    filters: ['studentId'],
    required: ['studentId'],
  },
  fee_schedule: {
    category: 'financial',
    title: 'Fee schedule',
    description: 'The approved fees of a term per class arm, with their installment plans.',
    roles: PERMISSIONS['fees.view'],
    filters: ['schoolId', 'termId', 'classArmId'],
  },
  payments: {
    category: 'financial',
    title: 'Payment report',
    description: 'Every payment of a period with its status, method and receipt, and the totals.',
    roles: FINANCE,
    filters: ['schoolId', 'sessionId', 'termId', 'classArmId', 'from', 'to'],
  },
  reconciliation: {
    category: 'financial',
    title: 'Reconciliation',
    description:
      "Online payments per provider, our status against the provider's, payments under review, transfers claimed but not confirmed, refunds, and each provider's settlement beside what was recorded and what the bank received.",
    roles: FINANCE,
    filters: RANGE,
  },
  group_summary: {
    category: 'financial',
    title: 'Group summary',
    description: "Every school's collections and outstanding side by side, this term against the previous term.",
    roles: ['Admin', 'Proprietor', 'Auditor'],
    filters: [],
  },
  income_expenditure: {
    category: 'financial',
    title: 'Income and expenditure',
    description:
      'Fee income net of refunds by fee type, expenditure by category, and the surplus or deficit, against the previous period; per school or for the whole group.',
    roles: PERMISSIONS['expenses.view'],
    filters: ['schoolId', 'sessionId', 'termId', 'from', 'to'],
  },
  forecast: {
    category: 'financial',
    title: 'Forecast and cash flow',
    description:
      "Each school's term so far against its past terms, what it is expected to collect by the term's end with a low and a high line, how the same method did on the closed terms, and the cash flow week by week against expenses and monthly commitments.",
    roles: PERMISSIONS['forecast.view'],
    filters: ['schoolId'],
  },
  audit_trail: {
    category: 'audit',
    title: 'Audit trail',
    description: 'Every recorded action of the period.',
    roles: AUDIT,
    filters: RANGE,
  },
  audit_financial: {
    category: 'audit',
    title: 'Financial activity',
    description: 'Payments, refunds, reviews, transfers and fee decisions from the trail.',
    roles: AUDIT,
    filters: RANGE,
  },
  audit_security: {
    category: 'audit',
    title: 'Security events',
    description: 'Sign-ins, lockouts, password and role changes.',
    roles: AUDIT,
    filters: RANGE,
  },
  failed_logins: {
    category: 'audit',
    title: 'Failed sign-ins',
    description: 'Every failed sign-in with its address, browser and reason.',
    roles: AUDIT,
    filters: RANGE,
  },
  user_activity: {
    category: 'audit',
    title: 'User activity',
    description: 'Each person with the number of their recorded actions and the last one.',
    roles: AUDIT,
    filters: RANGE,
  },
  class_lists: {
    category: 'academic',
    title: 'Class lists',
    description: 'The students of each class arm with their registration number and status.',
    roles: ACADEMIC,
    filters: ['schoolId', 'classArmId'],
  },
  enrolment: {
    category: 'academic',
    title: 'Enrolment by class',
    description: 'Students per class arm by status, against the arm’s capacity.',
    roles: ACADEMIC,
    filters: ['schoolId'],
  },
  promotions: {
    category: 'academic',
    title: 'Promotions',
    description: 'Students moved between class arms in the period, from and to, and by whom.',
    roles: ACADEMIC,
    filters: RANGE,
  },
  users_by_role: {
    category: 'administrative',
    title: 'Users by role and status',
    description: 'How many people hold each role, active and inactive, per school.',
    roles: PEOPLE,
    filters: ['schoolId'],
  },
  sign_in_activity: {
    category: 'administrative',
    title: 'Sign-in activity',
    description: 'Successful and failed sign-ins per person in the period, and the last one.',
    roles: PEOPLE,
    filters: RANGE,
  },
  messages: {
    category: 'administrative',
    title: 'Messages to families',
    description:
      'SMS and WhatsApp messages per school and month: delivered, read, failed and why, skipped, and what they cost; then every failed message.',
    roles: PERMISSIONS['messaging.view'],
    filters: RANGE,
  },
};

export const reportsFor = (roles: readonly string[]): ReportId[] =>
  REPORT_IDS.filter((id) => REPORTS[id].roles.some((role) => roles.includes(role)));
