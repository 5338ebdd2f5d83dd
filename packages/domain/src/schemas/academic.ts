import { z } from 'zod';
import { calendarDate, idSchema, nameText, requiredText } from './common.js';

const endAfterStart = <T extends { startDate?: string; endDate?: string }>(value: T) =>
  !value.startDate || !value.endDate || value.endDate > value.startDate;
const endAfterStartIssue = { message: 'End date must be after start date', path: ['endDate'] };

/* Group schools */
export const groupSchoolSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  schoolCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupSchool = z.infer<typeof groupSchoolSchema>;

/** Sent as multipart fields (with an optional logo file) or JSON. */
export const groupSchoolInputSchema = z.object({
  name: nameText('Group school name is required', 120),
  description: requiredText('Description is required', 1000),
  logo: z
    .string()
    .trim()
    .max(500)
    .refine(
      (value) => value === '' || value.startsWith('/uploads/') || /^https?:\/\//.test(value),
      'Logo must be a link to an image',
    )
    .optional(),
});
export type GroupSchoolInput = z.output<typeof groupSchoolInputSchema>;
export type GroupSchoolFormValues = z.input<typeof groupSchoolInputSchema>;

/* Addresses */
export const addressSchema = z.object({
  _id: idSchema,
  street: z.string(),
  street_no: z.string(),
  town: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInputSchema = z.object({
  street: requiredText('Street is required', 200),
  street_no: requiredText('Street number is required', 20),
  town: requiredText('Town is required', 100),
  state: requiredText('State is required', 100),
  country: requiredText('Country is required', 100),
  zip_code: requiredText('ZIP code is required', 20),
});
export type AddressInput = z.output<typeof addressInputSchema>;
export type AddressFormValues = z.input<typeof addressInputSchema>;

const addressPart = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional();

/**
 * POST /address/create. The school forms send the address as above; SPEC §7's student form sends
 * street, city, state, country and an optional postal code, kept as the same address (the city is
 * the town, a student's street carries its own number). Without a school it is the caller's own.
 */
export const addressCreateSchema = z
  .object({
    street: requiredText('Street is required', 200),
    street_no: addressPart(20),
    town: addressPart(100),
    city: addressPart(100),
    state: requiredText('State is required', 100),
    country: requiredText('Country is required', 100),
    zip_code: addressPart(20),
    postalCode: addressPart(20),
    school_id: z.uuid({ error: 'Invalid school' }).optional(),
  })
  .superRefine((address, ctx) => {
    const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // A student's form names a city; it has no separate street number and the postal code is optional.
    if (address.city !== undefined) {
      if (!address.city) missing('city', 'City is required');
      return;
    }
    if (!address.street_no) missing('street_no', 'Street number is required');
    if (!address.town) missing('town', 'Town is required');
    if (!address.zip_code) missing('zip_code', 'ZIP code is required');
  })
  .transform(({ city, postalCode, street_no, town, zip_code, ...address }) => ({
    ...address,
    street_no: street_no ?? '',
    town: town || city || '',
    zip_code: zip_code ?? postalCode ?? '',
  }));
export type AddressCreateInput = z.output<typeof addressCreateSchema>;

/* Schools */
export const schoolSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string(),
  isActive: z.boolean(),
  groupSchool: z.object({ _id: idSchema, name: z.string() }),
  address: addressSchema.nullable(),
  /** What the school's receipt numbers start with: `CVC` in `CVC-2026-000123`. */
  receiptCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

/** A school's receipt code: 2 to 6 capital letters or digits, unique in its group. */
export const RECEIPT_CODE_PATTERN = /^[A-Z0-9]{2,6}$/;

export const schoolInputSchema = addressInputSchema.extend({
  groupSchool_id: z.uuid({ error: 'Group school is required' }),
  name: nameText('School name is required', 160),
  email: z.string().trim().pipe(z.email('Invalid email address')).optional().or(z.literal('')).nullable(),
  phoneNumber: requiredText('Phone number is required', 30).refine(
    (value) => value.replace(/\D/g, '').length >= 10,
    'Phone number must have at least 10 digits',
  ),
  isActive: z.boolean().optional().default(true),
  /** Left out, the code stays as it is; blank, the school gets one from its initials. */
  receiptCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(RECEIPT_CODE_PATTERN, 'Use 2 to 6 letters or digits, like CVC')
    .or(z.literal(''))
    .optional(),
});
export type SchoolInput = z.output<typeof schoolInputSchema>;
export type SchoolFormValues = z.input<typeof schoolInputSchema>;

/* Sessions */
export const sessionSchema = z.object({
  _id: idSchema,
  name: z.string(),
  school: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AcademicSession = z.infer<typeof sessionSchema>;

export const sessionInputSchema = z
  .object({
    school_id: z.uuid({ error: 'School is required' }),
    name: nameText('Session name is required', 60),
    startDate: calendarDate('Start date is required'),
    endDate: calendarDate('End date is required'),
    isActive: z.boolean().optional().default(true),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type SessionInput = z.output<typeof sessionInputSchema>;
export type SessionFormValues = z.input<typeof sessionInputSchema>;

/* Terms */
export const termSchema = z.object({
  _id: idSchema,
  name: z.string(),
  session: z.object({ _id: idSchema, name: z.string(), school: idSchema }),
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  isCurrent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Term = z.infer<typeof termSchema>;

export const termInputSchema = z
  .object({
    session: z.uuid({ error: 'Session is required' }),
    name: nameText('Term name is required', 60),
    startDate: calendarDate('Start date is required'),
    endDate: calendarDate('End date is required'),
    isActive: z.boolean().optional().default(true),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type TermInput = z.output<typeof termInputSchema>;
export type TermFormValues = z.input<typeof termInputSchema>;

/* Class arms */
export const classArmSchema = z.object({
  _id: idSchema,
  name: z.string(),
  school: idSchema,
  capacity: z.number().int(),
  currentStudentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassArm = z.infer<typeof classArmSchema>;

export const classArmInputSchema = z.object({
  school_id: z.uuid({ error: 'School is required' }),
  name: nameText('Class arm name is required', 40),
  capacity: z.coerce
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(1000, 'Capacity must be at most 1000')
    .optional()
    .default(40),
});
export type ClassArmInput = z.output<typeof classArmInputSchema>;
export type ClassArmFormValues = z.input<typeof classArmInputSchema>;

export const studentCountSchema = z.object({
  classArm: z.object({ _id: idSchema, name: z.string(), currentStudentCount: z.number().int() }),
});

export const bySchoolQuerySchema = z.object({ school_id: idSchema.optional() });
export const bySessionQuerySchema = z.object({ session_id: idSchema });
