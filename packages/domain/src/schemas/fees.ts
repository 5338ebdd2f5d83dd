import { z } from 'zod';
import { adjustmentLineSchema } from './adjustment-line.js';
import { calendarDate, idSchema, nameText, paginationSchema, requiredText } from './common.js';
import { nairaAmountSchema, nairaResponseAmount } from './money.js';

export const FEE_TYPES = [
  'tuition',
  'development',
  'sports',
  'library',
  'laboratory',
  'examination',
  'uniform',
  'transport',
  'feeding',
  'miscellaneous',
] as const;
export const FEE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const FEE_TARGETS = ['school', 'classArms', 'students'] as const;
const feeFields = z.object({
  term_id: z.uuid({ error: 'Term is required' }),
  school_id: z.uuid({ error: 'School is required' }),
  name: nameText('Fee name is required', 120),
  description: z.string().trim().max(1000, 'Must be at most 1000 characters').optional(),
  /** The spec's spelling of description; either is accepted. */
  decription: z.string().trim().max(1000, 'Must be at most 1000 characters').optional(),
  type: z.enum(FEE_TYPES, { error: 'Fee type is required' }),
  /** Naira on the wire, kobo once parsed. */
  amount: nairaAmountSchema,
  isActive: z.boolean().optional().default(true),
  isInstallmentAllowed: z.boolean().optional().default(false),
  no_ofInstallments: z.coerce
    .number()
    .int()
    .min(1, 'Installments must be at least 1')
    .max(12, 'Installments must be at most 12')
    .optional()
    .default(1),
  /** Only an Admin's pre-approval counts; from anyone else the fee still waits for approval. */
  isApproved: z.boolean().optional().default(false),
  dueDate: calendarDate('Due date must be a date').optional().nullable(),
  appliesTo: z.enum(FEE_TARGETS).optional().default('school'),
  classArm_ids: z.array(idSchema).optional().default([]),
  student_ids: z.array(idSchema).optional().default([]),
});

const hasDescription = (fee: { description?: string | undefined; decription?: string | undefined }) =>
  Boolean(fee.description || fee.decription);

/** A fee aimed at class arms or students must name some. */
function withTargets<T extends z.ZodType<{ appliesTo: string; classArm_ids: string[]; student_ids: string[] }>>(
  schema: T,
) {
  return schema
    .refine((fee) => fee.appliesTo !== 'classArms' || fee.classArm_ids.length > 0, {
      message: 'Choose at least one class arm',
      path: ['classArm_ids'],
    })
    .refine((fee) => fee.appliesTo !== 'students' || fee.student_ids.length > 0, {
      message: 'Choose at least one student',
      path: ['student_ids'],
    });
}

/** The API accepts the spec's `decription` spelling as well as `description`. */
export const feeInputSchema = withTargets(
  feeFields.refine(hasDescription, { message: 'Description is required', path: ['description'] }),
);
export type FeeInput = z.output<typeof feeInputSchema>;

/** The fee form: the description is a required field there, so its message shows with the others. */
export const feeFormSchema = withTargets(
  feeFields.extend({ description: requiredText('Description is required', 1000) }),
);
export type FeeFormValues = z.input<typeof feeFormSchema>;

/** The description a request carries, under either spelling. */
export function feeDescription(fee: { description?: string | undefined; decription?: string | undefined }): string {
  return fee.description || fee.decription || '';
}

const personRef = z.object({ _id: idSchema, name: z.string() });

export const feeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  /** The spec's spelling, kept for clients of the earlier product. */
  decription: z.string(),
  type: z.enum(FEE_TYPES),
  amount: nairaResponseAmount,
  installmentAmount: nairaResponseAmount,
  school: z.object({ _id: idSchema, name: z.string() }),
  term: z.object({
    _id: idSchema,
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    session: z.object({ _id: idSchema, name: z.string() }),
  }),
  isActive: z.boolean(),
  isInstallmentAllowed: z.boolean(),
  no_ofInstallments: z.number().int(),
  isApproved: z.boolean(),
  status: z.enum(FEE_STATUSES),
  rejectionReason: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** dueDate, else the SPEC §9 fallback. */
  effectiveDueDate: z.string(),
  appliesTo: z.enum(FEE_TARGETS),
  classArms: z.array(z.object({ _id: idSchema, name: z.string() })),
  students: z.array(z.object({ _id: idSchema, name: z.string(), regNo: z.string().nullable() })),
  createdBy: personRef.nullable(),
  updatedBy: personRef.nullable(),
  approvedBy: personRef.nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * For staff: how many of the students the fee applies to still owe on it, and how much in all
   * (each one's owed()). Null where no one is asked to pay it yet (pending, rejected, inactive),
   * and for students and parents, who are not shown what others owe.
   */
  owing: z.object({ students: z.number().int(), amount: nairaResponseAmount }).nullable(),
});
export type Fee = z.infer<typeof feeSchema>;

export const feeListQuerySchema = z.object({
  school_id: idSchema.optional(),
  term_id: idSchema.optional(),
  status: z.enum([...FEE_STATUSES, 'all']).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const feeListSchema = z.object({ fees: z.array(feeSchema), pagination: paginationSchema });

export const approveFeeRequestSchema = z.object({ isApproved: z.literal(true).optional().default(true) });
export const rejectFeeRequestSchema = z.object({
  reason: requiredText('Please provide a reason for rejection', 500),
});

export const FEE_EVENTS = ['created', 'edited', 'approved', 'rejected', 'sent_back'] as const;
export const feeHistoryEntrySchema = z.object({
  _id: idSchema,
  action: z.enum(FEE_EVENTS),
  actor: personRef.nullable(),
  reason: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  at: z.string(),
});
export type FeeHistoryEntry = z.infer<typeof feeHistoryEntrySchema>;

export const feeStatsQuerySchema = z.object({ school_id: idSchema.optional(), term_id: idSchema.optional() });
export const feeStatsSchema = z.object({
  totalFees: z.number().int(),
  approvedFees: z.number().int(),
  pendingApproval: z.number().int(),
  rejectedFees: z.number().int(),
  activeFees: z.number().int(),
  totalAmount: nairaResponseAmount,
  approvedAmount: nairaResponseAmount,
  pendingAmount: nairaResponseAmount,
});
export type FeeStats = z.infer<typeof feeStatsSchema>;

/** One fee as a student owes it, with what they paid. */
export const studentFeeSchema = z.object({
  fee: feeSchema,
  /** The fee's amount as set, before this student's adjustments. */
  amountDue: nairaResponseAmount,
  /** Approved discounts, scholarships and waivers (positive), and approved late fees. */
  reductions: nairaResponseAmount,
  lateFees: nairaResponseAmount,
  /** Approved and pending adjustments as lines of the fee card; only approved ones count. */
  adjustments: z.array(adjustmentLineSchema),
  amountPaid: nairaResponseAmount,
  /** owed(): amount − reductions + late fees − paid, never below zero. */
  outstanding: nairaResponseAmount,
  installmentAmount: nairaResponseAmount,
  dueDate: z.string(),
  isPaid: z.boolean(),
});
export type StudentFee = z.infer<typeof studentFeeSchema>;

export const studentFeesQuerySchema = z.object({
  student_id: idSchema.optional(),
  term_id: idSchema.optional(),
  session_id: idSchema.optional(),
  /**
   * `true`: every fee still owed from any term that has started, arrears included, instead of
   * one term's fees: what the cash desk collects against.
   */
  unpaid: z.enum(['true', 'false']).optional(),
});
export const studentFeesSchema = z.object({
  student: z.object({
    _id: idSchema,
    name: z.string(),
    regNo: z.string().nullable(),
    classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
    school: z.object({ _id: idSchema, name: z.string() }),
  }),
  fees: z.array(studentFeeSchema),
  summary: z.object({
    totalAmount: nairaResponseAmount,
    totalPaid: nairaResponseAmount,
    totalOutstanding: nairaResponseAmount,
    overdueCount: z.number().int(),
    overdueAmount: nairaResponseAmount,
    dueSoonCount: z.number().int(),
    dueSoonAmount: nairaResponseAmount,
  }),
});
export type StudentFees = z.infer<typeof studentFeesSchema>;

/** GET /bursar/owed-fees. Without `school_id`: the caller's own school. */
export const owedFeesQuerySchema = z.object({ school_id: idSchema.optional() });
/** One fee a student still owes, as the cash desk lists it. */
export const owedFeeSchema = z.object({
  fee: z.object({
    _id: idSchema,
    name: z.string(),
    type: z.enum(FEE_TYPES),
    term: z.object({ name: z.string(), session: z.object({ name: z.string() }) }),
  }),
  amountDue: nairaResponseAmount,
  amountPaid: nairaResponseAmount,
  outstanding: nairaResponseAmount,
  dueDate: z.string(),
});
export type OwedFee = z.infer<typeof owedFeeSchema>;
/**
 * Every student of one school who owes something, with each fee owed (earlier terms' arrears
 * included): what the cash desk keeps on the device to take cash while the network is down.
 */
export const owedFeesSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string() }),
  /** When the figures were read (ISO instant): the desk shows how old its copy is. */
  asOf: z.string(),
  students: z.array(
    z.object({
      _id: idSchema,
      name: z.string(),
      regNo: z.string().nullable(),
      classArm: z.string().nullable(),
      fees: z.array(owedFeeSchema),
    }),
  ),
});
export type OwedFees = z.infer<typeof owedFeesSchema>;

/** Without `term_id` the report is of the school's current term: the one whose dates include today. */
export const outstandingReportQuerySchema = z.object({
  school_id: idSchema.optional(),
  term_id: idSchema.optional(),
  classArm_id: idSchema.optional(),
});
const amounts = { expected: nairaResponseAmount, paid: nairaResponseAmount, outstanding: nairaResponseAmount };
export const outstandingReportSchema = z.object({
  /** The term reported on, so a caller that left it to the server knows which one it got. */
  term: z.object({
    _id: idSchema,
    name: z.string(),
    session: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  }),
  outstandingReport: z.object({
    byClassArm: z.array(
      z.object({
        classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
        students: z.number().int(),
        ...amounts,
      }),
    ),
    students: z.array(
      z.object({
        _id: idSchema,
        name: z.string(),
        regNo: z.string().nullable(),
        classArm: z.string().nullable(),
        ...amounts,
      }),
    ),
  }),
  summary: z.object({ students: z.number().int(), studentsOwing: z.number().int(), ...amounts }),
});
export type OutstandingReport = z.infer<typeof outstandingReportSchema>;
