import { z } from 'zod';
import { OUTBOX_CHANNELS } from '../messaging.js';
import { displayName, type NameParts } from '../people.js';
import { roleSchema } from './auth.js';
import { idSchema } from './common.js';
import { phoneConsentSchema } from './messaging.js';
import { nairaResponseAmount } from './money.js';

/*
 * The rights the Nigeria Data Protection Act 2023 gives parents and students: a copy of what is
 * held about them, and erasure once they have left, within what the law makes a school keep.
 */

/** What an erased person is called everywhere their name was. */
export const ERASED_NAME = 'Erased person';
/** The name parts an erased account keeps, so every screen that joins them reads `ERASED_NAME`. */
export const ERASED_NAME_PARTS = { firstname: 'Erased', middlename: null, lastname: 'person' } as const;
/** `.invalid` is reserved (RFC 2606): no mail can ever be delivered to an erased account. */
const ERASED_EMAIL_DOMAIN = 'erased.invalid';
/** A unique address per erased account, since sign-in emails are unique among live accounts. */
export const erasedEmailOf = (userId: string) => `erased-${userId}@${ERASED_EMAIL_DOMAIN}`;
export const isErasedEmail = (email: string) => email.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** Only families are erased on request: staff records are the school's own employment records. */
export const ERASABLE_ROLES = ['Student', 'Parent'] as const;

/** Nigerian tax law has a business keep its books and their vouchers for six years. */
export const FINANCIAL_RECORDS_YEARS = 6;

/** How far back a download of one's data reaches for notices, sign-ins and audit entries. */
export const MY_DATA_MONTHS = 12;

export type ErasureRefusal = 'notFamily' | 'active' | 'erased';

/**
 * Why an account cannot be erased, or null when it can: a student or parent account that has been
 * deactivated (someone who left) and not erased already. One rule for the server and the screen.
 */
export function erasureRefusal(user: {
  roles: readonly string[];
  status: string;
  email: string;
}): ErasureRefusal | null {
  if (isErasedEmail(user.email)) return 'erased';
  const family =
    user.roles.length > 0 && user.roles.every((role) => (ERASABLE_ROLES as readonly string[]).includes(role));
  if (!family) return 'notFamily';
  if (user.status !== 'inactive') return 'active';
  return null;
}

const typedName = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the name typed to confirm an erasure is the person's full name (with or without the middle name). */
export function confirmsName(typed: string, person: NameParts): boolean {
  const wanted = [displayName(person), displayName({ ...person, middlename: null })].map(typedName);
  return wanted.includes(typedName(typed));
}

export const eraseUserRequestSchema = z.object({
  confirmName: z
    .string({ error: 'Type the person’s full name to confirm' })
    .trim()
    .min(1, 'Type the person’s full name to confirm')
    .max(300, 'Must be at most 300 characters'),
});
export type EraseUserRequest = z.input<typeof eraseUserRequestSchema>;

export const erasedUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'inactive']),
  erasedAt: z.string(),
});
export type ErasedUser = z.infer<typeof erasedUserSchema>;

const myPersonSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  roles: z.array(roleSchema),
  status: z.enum(['active', 'inactive']),
  school: z.object({ _id: idSchema, name: z.string() }).nullable(),
  regNo: z.string().nullable(),
  classArm: z.string().nullable(),
  paymentCode: z.string(),
  profilePicture: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});

/** A student's school record beyond their account: what Student Management holds. */
const studentRecordSchema = z.object({
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  type: z.string(),
  academicStatus: z.string(),
  enrolledAt: z.string(),
  expectedGraduationYear: z.number().int().nullable(),
  previousSchool: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    postalCode: z.string().nullable(),
  }),
  guardian: z.unknown(),
  emergencyContact: z.unknown(),
});

const myFeeSchema = z.object({
  feeId: idSchema,
  name: z.string(),
  school: z.string(),
  session: z.string(),
  term: z.string(),
  amount: nairaResponseAmount,
  reductions: nairaResponseAmount,
  lateFees: nairaResponseAmount,
  paid: nairaResponseAmount,
  outstanding: nairaResponseAmount,
});

const myPaymentSchema = z.object({
  _id: idSchema,
  kind: z.enum(['payment', 'refund']),
  fee: z.string(),
  amount: nairaResponseAmount,
  method: z.string(),
  status: z.string(),
  reference: z.string(),
  receiptNo: z.string().nullable(),
  /** A refund's payment. */
  refundOf: idSchema.nullable(),
  reason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

/** A student's account as the download holds it: you, when you are a student, or one of your children. */
const myStudentSchema = z.object({
  person: myPersonSchema,
  record: studentRecordSchema.nullable(),
  fees: z.array(myFeeSchema),
  payments: z.array(myPaymentSchema),
});

export const myDataSchema = z.object({
  generatedAt: z.string(),
  /** What the file covers and leaves out, in words. */
  notes: z.array(z.string()),
  profile: myPersonSchema,
  /** Your own school record, fees, payments, receipts and refunds, when you are a student. */
  student: myStudentSchema.nullable(),
  /** Each child linked to you, with their record, fees, payments, receipts and refunds. */
  children: z.array(myStudentSchema),
  /** A family's credit with the school group: what came in and what was used, newest first. */
  familyCredit: z.array(
    z.object({
      _id: idSchema,
      kind: z.string(),
      amount: nairaResponseAmount,
      school: z.string().nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  notifications: z.array(
    z.object({
      _id: idSchema,
      kind: z.string(),
      title: z.string(),
      message: z.string(),
      readAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  signIns: z.array(
    z.object({
      at: z.string(),
      success: z.boolean(),
      reason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** What you agreed to on each phone channel, and the notices' emails, SMS and WhatsApp messages sent to you. */
  phoneMessages: z.object({
    consents: z.array(phoneConsentSchema),
    messages: z.array(
      z.object({
        channel: z.enum(OUTBOX_CHANNELS),
        kind: z.string(),
        body: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  /** Entries of the audit trail you made or that are about you: ids and actions only. */
  auditEntries: z.array(
    z.object({
      _id: idSchema,
      at: z.string(),
      action: z.string(),
      module: z.string(),
      recordId: idSchema.nullable(),
      as: z.enum(['actor', 'subject']),
    }),
  ),
});
export type MyData = z.infer<typeof myDataSchema>;
export type MyStudentData = MyData['children'][number];
