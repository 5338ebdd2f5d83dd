import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payment-methods.js';
import { ROLES } from '../roles.js';
import { filterDate, idSchema, paginationSchema, timestampSchema } from './common.js';
import {
  dashboardActivitySchema,
  dashboardTermSchema,
  incomeExpenditureSchema,
  methodShareSchema,
  monthCollectedSchema,
  termFiguresSchema,
} from './dashboards.js';
import { nairaResponseAmount } from './money.js';
import { paymentSchema } from './payments.js';

/*
 * The bursar's, the principal's and the proprietor's dashboards (issue 14 items 3, 4 and 6) and
 * the bursar's payment reports. Money comes from the collections the crediting transaction keeps
 * (migration 0009), so every figure is net of refunds.
 */

/** SPEC §5 recent transaction: the last payments of the school, newest first. */
export const dashboardTransactionSchema = z.object({
  _id: idSchema,
  fee: z.object({ _id: idSchema, name: z.string() }),
  amount: nairaResponseAmount,
  user: z.object({ _id: idSchema, firstname: z.string(), lastname: z.string(), regNo: z.string().nullable() }),
  trans_date: timestampSchema,
  mode_of_payment: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  receiptNo: z.string().nullable(),
});

export const bursarDashboardSchema = z.object({
  financialStats: z.object({
    totalRevenue: nairaResponseAmount.meta({ description: 'Everything ever credited to the school, net of refunds' }),
    totalTransactions: z.number().int().meta({ description: 'Payments behind totalRevenue' }),
    outstandingAmount: nairaResponseAmount.meta({
      description: "What the school's active students still owe this term",
    }),
    pendingPayments: z.number().int().meta({ description: 'pendingTransfers + underReview' }),
    todayRevenue: nairaResponseAmount.meta({ description: 'Credited today (Lagos day), net of refunds' }),
    todayTransactions: z.number().int(),
    thisMonthRevenue: nairaResponseAmount.meta({ description: 'Credited this Lagos month, net of refunds' }),
    thisMonthTransactions: z.number().int(),
  }),
  today: z.string().meta({ description: 'The Lagos day the figures are of, YYYY-MM-DD' }),
  schoolId: idSchema.nullable().meta({ description: "The caller's school (null for a wider scope)" }),
  term: dashboardTermSchema.nullable(),
  termFigures: termFiguresSchema,
  /** SPEC §5 shape: the current term's position (one entry; empty when the school has no term). */
  feeCollectionStatus: z.array(z.object({ expectedTotal: nairaResponseAmount, collectedTotal: nairaResponseAmount })),
  paymentMethods: z.array(methodShareSchema),
  revenueTrend: z.array(monthCollectedSchema),
  recentTransactions: z.array(dashboardTransactionSchema),
  incomeExpenditure: incomeExpenditureSchema,
  alerts: z.object({
    pendingTransfers: z.number().int().meta({ description: 'Bank transfer claims waiting for the bursary' }),
    underReview: z.number().int().meta({ description: 'Online payments held for review' }),
  }),
});
export type BursarDashboard = z.output<typeof bursarDashboardSchema>;

/** The longest range one payment report covers, so a report stays a bounded read. */
export const PAYMENT_REPORT_MAX_DAYS = 366;

export const paymentReportQuerySchema = z.object({
  from: filterDate().optional().meta({ description: 'First Lagos day; default 29 days before `to`' }),
  to: filterDate().optional().meta({ description: 'Last Lagos day; default today' }),
  method: z.enum(PAYMENT_METHODS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  school_id: idSchema.optional(),
  term_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaymentReportQuery = z.input<typeof paymentReportQuerySchema>;

export const paymentReportSchema = z.object({
  payments: z.array(paymentSchema),
  pagination: paginationSchema,
  summary: z.object({
    from: z.string(),
    to: z.string(),
    totalPayments: z.number().int().meta({ description: 'Payment rows of the filter, any status' }),
    successfulPayments: z.number().int(),
    totalAmount: nairaResponseAmount.meta({ description: 'Amount of the payment rows, any status' }),
    netAmount: nairaResponseAmount.meta({ description: 'Credited, net of refunds' }),
    refundedAmount: nairaResponseAmount,
    byMethod: z.array(
      z.object({ method: z.enum(PAYMENT_METHODS), count: z.number().int(), amount: nairaResponseAmount }),
    ),
  }),
});
export type PaymentReport = z.output<typeof paymentReportSchema>;

export const pendingApprovalSchema = z.object({
  _id: idSchema,
  name: z.string(),
  amount: nairaResponseAmount,
  term: z.string().nullable(),
  createdAt: timestampSchema,
});

export const classArmCollectionSchema = z.object({
  classArmId: idSchema.nullable().meta({ description: 'null: students in no class arm' }),
  name: z.string(),
  capacity: z.number().int().nullable(),
  enrolled: z.number().int().meta({ description: 'Active students in the arm' }),
  figures: termFiguresSchema,
});

export const principalDashboardSchema = z.object({
  statistics: z.object({
    totalStudents: z.number().int().meta({ description: 'Active students of the school' }),
    totalTeachers: z.number().int().nullable().meta({
      description: 'Always null: SchoolLedger has no Teacher role, so teaching staff are not recorded',
    }),
    totalStaff: z
      .number()
      .int()
      .meta({ description: 'Active users of the school with a role other than Student or Parent' }),
    staffByRole: z.array(z.object({ role: z.enum(ROLES), count: z.number().int() })),
  }),
  financial: z.object({
    collectionRate: z.number().nullable().meta({ description: "This term's collected ÷ expected, percent" }),
    totalRevenue: nairaResponseAmount.meta({ description: 'Everything ever credited to the school, net of refunds' }),
    outstandingFees: nairaResponseAmount.meta({ description: 'Still owed this term' }),
  }),
  schoolId: idSchema.nullable().meta({ description: "The caller's school (null for a wider scope)" }),
  term: dashboardTermSchema.nullable(),
  termFigures: termFiguresSchema,
  pendingApprovals: z.object({ count: z.number().int(), fees: z.array(pendingApprovalSchema) }),
  collectionByClassArm: z.array(classArmCollectionSchema),
  recentActivities: z.array(dashboardActivitySchema),
});
export type PrincipalDashboard = z.output<typeof principalDashboardSchema>;

export const staffMemberSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  status: z.string(),
  lastLogin: timestampSchema.nullable(),
});

export const staffManagementSchema = z.object({
  totals: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  byRole: z.array(z.object({ role: z.enum(ROLES), active: z.number().int(), inactive: z.number().int() })),
  staff: z.array(staffMemberSchema).meta({ description: 'At most 200, by last name' }),
});
export type StaffManagement = z.output<typeof staffManagementSchema>;

export const schoolCollectionSchema = z.object({
  schoolId: idSchema,
  name: z.string(),
  term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  figures: termFiguresSchema,
  rank: z.number().int().nullable().meta({ description: 'By collection rate, 1 = highest; null without a rate' }),
});

export const groupDebtorSchema = z.object({
  studentId: idSchema,
  name: z.string(),
  regNo: z.string().nullable(),
  schoolId: idSchema,
  schoolName: z.string(),
  classArm: z.string().nullable(),
  expected: nairaResponseAmount,
  paid: nairaResponseAmount,
  outstanding: nairaResponseAmount,
});

export const proprietorDashboardSchema = z.object({
  totals: z.object({
    schools: z.number().int(),
    figures: termFiguresSchema.meta({ description: "Each school's current term, added up" }),
    totalRevenue: nairaResponseAmount.meta({
      description: 'Everything ever credited across the group, net of refunds',
    }),
    thisMonthRevenue: nairaResponseAmount,
  }),
  schools: z.array(schoolCollectionSchema),
  revenueTrend: z.array(monthCollectedSchema).meta({ description: 'The last 12 Lagos months, across the group' }),
  paymentMethods: z.array(methodShareSchema).meta({ description: 'Over the same 12 months' }),
  largestDebtors: z.array(groupDebtorSchema).meta({ description: 'Top 10 across the group, this term' }),
  incomeExpenditure: incomeExpenditureSchema,
});
export type ProprietorDashboard = z.output<typeof proprietorDashboardSchema>;
