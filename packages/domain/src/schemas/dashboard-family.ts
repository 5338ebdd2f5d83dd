import { z } from 'zod';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../payment-methods.js';
import { idSchema, timestampSchema } from './common.js';
import { studentFeeSchema } from './fees.js';
import { nairaResponseAmount } from './money.js';
import { paymentMethodOptionSchema, paymentSchema } from './payments.js';
import { studentAcademicSchema } from './results.js';

/*
 * The student's and the parent's dashboards (SPEC §5). Money owed is every fee still owed from a
 * term that has started (what /student/fees?unpaid=true lists); money paid is everything the
 * student has paid, net of refunds. Academic figures are the school's imported results, null when
 * none are recorded; assignments are never recorded.
 */

const schoolRef = z.object({ _id: idSchema, name: z.string() });

export const familyStudentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  regNo: z.string().nullable(),
  classArm: z.string().nullable().meta({ description: "The class arm's name; null when not assigned" }),
  school: schoolRef,
});

export const familyOutstandingFeeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  type: z.string(),
  amount: nairaResponseAmount.meta({ description: 'What is still owed on the fee' }),
  dueDate: z.string(),
});

export const familyPaymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(PAYMENT_KINDS),
  amount: nairaResponseAmount,
  fee: z.object({ _id: idSchema, name: z.string(), amount: nairaResponseAmount }),
  status: z.enum(PAYMENT_STATUSES),
  mode: z.enum(PAYMENT_METHODS),
  date: timestampSchema,
  reference: z.string(),
  receiptNo: z.string().nullable(),
  childId: idSchema,
  childName: z.string(),
  /** A checkout the signed-in payer started and has not paid: "Awaiting payment — not charged". */
  awaiting: z.boolean(),
  continueUrl: z.string().nullable(),
});

export const familyAcademicSchema = z.object({
  termName: z.string().nullable(),
  currentAverage: z.number().nullable(),
  position: z.number().int().nullable(),
  classSize: z.number().int().nullable(),
  attendanceRate: z.number().nullable(),
  completedAssignments: z.number().int().nullable(),
  totalAssignments: z.number().int().nullable(),
});

export const studentDashboardSchema = z.object({
  student: familyStudentSchema,
  financial: z.object({
    totalOutstanding: nairaResponseAmount,
    totalPaid: nairaResponseAmount,
    outstandingFees: z.array(familyOutstandingFeeSchema),
    recentPayments: z.array(familyPaymentSchema),
  }),
  academic: familyAcademicSchema,
  paymentMethods: z.array(paymentMethodOptionSchema),
});

export const familyPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const studentPaymentsQuerySchema = familyPageQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export const paymentHistoryQuerySchema = familyPageQuerySchema.extend({
  child_id: idSchema.optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export const familyPaymentPageSchema = z.object({
  payments: z.array(paymentSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

export const parentChildCardSchema = familyStudentSchema.extend({
  totalOutstanding: nairaResponseAmount,
  totalPaid: nairaResponseAmount,
  recentPayments: z.array(familyPaymentSchema),
  academic: familyAcademicSchema,
});

export const nextDueFeeSchema = z.object({
  childId: idSchema,
  childName: z.string(),
  feeId: idSchema,
  feeName: z.string(),
  amount: nairaResponseAmount,
  dueDate: z.string(),
  overdue: z.boolean(),
});

export const parentDashboardSchema = z.object({
  overallSummary: z.object({
    totalChildren: z.number().int(),
    totalOutstanding: nairaResponseAmount,
    totalPaid: nairaResponseAmount,
    averagePerformance: z.number().nullable().meta({ description: "Mean of the children's recorded averages" }),
    averageAttendance: z.number().nullable().meta({ description: "Mean of the children's recorded attendance rates" }),
  }),
  children: z.array(parentChildCardSchema),
  financialSummary: z.array(
    z.object({
      childId: idSchema,
      childName: z.string(),
      totalOutstanding: nairaResponseAmount,
      recentPayments: z.array(z.object({ amount: nairaResponseAmount, trans_date: timestampSchema })),
    }),
  ),
  academicSummary: z.array(
    z.object({ childId: idSchema, currentAverage: z.number().nullable(), attendanceRate: z.number().nullable() }),
  ),
  recentActivities: z.array(
    z.object({
      _id: idSchema,
      type: z.string(),
      description: z.string(),
      date: timestampSchema,
      childName: z.string(),
    }),
  ),
  recentPayments: z.array(familyPaymentSchema),
  paymentReminder: nextDueFeeSchema.nullable(),
});

export const parentChildSchema = z.object({
  child: familyStudentSchema,
  fees: z.array(studentFeeSchema),
  summary: z.object({ totalOutstanding: nairaResponseAmount, totalPaid: nairaResponseAmount }),
  payments: z.array(familyPaymentSchema),
  academic: studentAcademicSchema.nullable(),
});

export type FamilyStudent = z.output<typeof familyStudentSchema>;
export type FamilyPayment = z.output<typeof familyPaymentSchema>;
export type FamilyAcademic = z.output<typeof familyAcademicSchema>;
export type StudentDashboard = z.output<typeof studentDashboardSchema>;
export type FamilyPaymentPage = z.output<typeof familyPaymentPageSchema>;
export type ParentDashboard = z.output<typeof parentDashboardSchema>;
export type ParentChildCard = z.output<typeof parentChildCardSchema>;
export type ParentChild = z.output<typeof parentChildSchema>;
export type StudentPaymentsQuery = z.input<typeof studentPaymentsQuerySchema>;
export type PaymentHistoryQuery = z.input<typeof paymentHistoryQuerySchema>;
