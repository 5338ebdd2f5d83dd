import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  calendarDate,
  emailSchema,
  idSchema,
  nameText,
  optionalNameText,
  optionalText,
  paginationSchema,
  requiredText,
} from './common.js';

export const GENDERS = ['Male', 'Female'] as const;
export const STUDENT_TYPES = ['day', 'boarding'] as const;
export const ACADEMIC_STATUSES = ['active', 'suspended', 'graduated', 'transferred', 'dropped'] as const;
export const GUARDIAN_RELATIONSHIPS = [
  'Father',
  'Mother',
  'Guardian',
  'Uncle',
  'Aunt',
  'Grandfather',
  'Grandmother',
  'Other',
] as const;
export const EMERGENCY_RELATIONSHIPS = [...GUARDIAN_RELATIONSHIPS, 'Family Friend'] as const;
export const STUDENT_PAGE_SIZE = 10;

export const genderSchema = z.enum(GENDERS, { error: 'Gender is required' });
export const studentTypeSchema = z.enum(STUDENT_TYPES, { error: 'Student type is required' });
export const academicStatusSchema = z.enum(ACADEMIC_STATUSES);

const phoneSchema = (message = 'Phone number is required') =>
  requiredText(message, 30).refine(
    (value) => value.replace(/\D/g, '').length >= 10,
    'Phone number must have at least 10 digits',
  );
const optionalEmail = z.string().trim().pipe(z.email(MSG.invalidEmail)).or(z.literal('')).optional().nullable();

export const studentAddressSchema = z.object({
  street: requiredText('Street is required', 200),
  city: requiredText('City is required', 100),
  state: requiredText('State is required', 100),
  country: requiredText('Country is required', 100),
  postalCode: optionalText(20),
});

export const guardianSchema = z.object({
  name: nameText('Guardian name is required', 120),
  relationship: z.enum(GUARDIAN_RELATIONSHIPS, { error: 'Relationship is required' }),
  phone: phoneSchema('Guardian phone is required'),
  email: optionalEmail,
  occupation: optionalText(120),
  workAddress: optionalText(300),
  isEmergencyContact: z.boolean().optional().default(false),
});

export const emergencyContactSchema = z.object({
  name: nameText('Emergency contact name is required', 120),
  relationship: z.enum(EMERGENCY_RELATIONSHIPS, { error: 'Relationship is required' }),
  phone: phoneSchema('Emergency contact phone is required'),
  email: optionalEmail,
  address: optionalText(300),
});

/** The four-tab student form (SPEC §5), and the body of create and update. */
export const studentInputSchema = z.object({
  firstname: nameText('First name is required', 80),
  middlename: optionalNameText(80),
  lastname: nameText('Last name is required', 80),
  email: emailSchema,
  phone: phoneSchema(),
  DOB: calendarDate('Date of birth is required'),
  gender: genderSchema,
  regNo: requiredText('Registration number is required', 40),
  address: studentAddressSchema,
  school_id: z.uuid({ error: 'School is required' }),
  classArm_id: z.uuid({ error: 'Class is required' }),
  type: studentTypeSchema,
  expectedGraduationYear: z.coerce
    .number({ error: 'Expected graduation year is required' })
    .int()
    .min(2020, 'Graduation year must be between 2020 and 2050')
    .max(2050, 'Graduation year must be between 2020 and 2050'),
  previousSchool: optionalText(160),
  guardian: guardianSchema,
  emergencyContact: emergencyContactSchema,
});
export type StudentInput = z.output<typeof studentInputSchema>;
export type StudentFormValues = z.input<typeof studentInputSchema>;

/**
 * The body of student creation: the form's (the address nested), or SPEC §7's two calls, where
 * the address was created first with POST /address/create and is named here by `address_id`.
 * That flow sends no guardian, emergency contact or graduation year, so those are required only
 * with the nested address. SPEC clients also send `roles` and `password`; neither is read: a
 * student's roles are [Student] and their first password is derived (SPEC §9).
 */
export const createStudentRequestSchema = studentInputSchema
  .extend({
    address: studentAddressSchema.optional(),
    address_id: z.uuid({ error: 'Invalid address' }).optional(),
    guardian: guardianSchema.optional(),
    emergencyContact: emergencyContactSchema.optional(),
    expectedGraduationYear: studentInputSchema.shape.expectedGraduationYear.optional(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.address_id) {
      if (input.address) issue('address', 'Send either an address or an address_id, not both');
      return;
    }
    if (!input.address) issue('address', 'Address is required');
    if (!input.guardian) issue('guardian', 'Guardian is required');
    if (!input.emergencyContact) issue('emergencyContact', 'Emergency contact is required');
    if (input.expectedGraduationYear === undefined) {
      issue('expectedGraduationYear', 'Expected graduation year is required');
    }
  });
export type CreateStudentRequest = z.output<typeof createStudentRequestSchema>;

export const studentSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  DOB: z.string().nullable(),
  gender: genderSchema.nullable(),
  regNo: z.string(),
  type: studentTypeSchema,
  status: z.enum(['active', 'inactive']),
  school: z.object({ _id: idSchema, name: z.string() }),
  classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
  address: z
    .object({
      street: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postalCode: z.string().nullable(),
    })
    .nullable(),
  profile: z.object({ img: z.string().nullable() }),
  expectedGraduationYear: z.number().int().nullable(),
  previousSchool: z.string().nullable(),
  academicStatus: academicStatusSchema,
  currentGPA: z.number().nullable(),
  guardian: guardianSchema
    .extend({ email: z.string().nullable(), occupation: z.string().nullable(), workAddress: z.string().nullable() })
    .nullable(),
  emergencyContact: emergencyContactSchema
    .extend({ email: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  parents: z.array(z.object({ _id: idSchema, name: z.string(), email: z.string() })),
  enrolledAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

/** Filters of the student list; the database filters and pages, never the browser. */
export const studentListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  school: idSchema.optional(),
  classArm: idSchema.optional(),
  /** The academic year the student enrolled in, e.g. 2025/2026 (September to August). */
  academicYear: z
    .string()
    .regex(/^\d{4}\/\d{4}$/, 'Academic year looks like 2025/2026')
    .optional(),
  gender: genderSchema.optional(),
  type: studentTypeSchema.optional(),
  academicStatus: academicStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STUDENT_PAGE_SIZE),
});
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

export const studentListSchema = z.object({ students: z.array(studentSchema), pagination: paginationSchema });
export type StudentList = z.infer<typeof studentListSchema>;

export const studentStatsQuerySchema = z.object({ school: idSchema.optional(), classArm: idSchema.optional() });
export const studentStatsSchema = z.object({
  totalStudents: z.number().int(),
  activeStudents: z.number().int(),
  maleStudents: z.number().int(),
  femaleStudents: z.number().int(),
  dayStudents: z.number().int(),
  boardingStudents: z.number().int(),
  newEnrollments: z.number().int(),
  graduatedStudents: z.number().int(),
  /** No attendance is recorded yet: null, never an invented figure. */
  averageAttendance: z.number().nullable(),
  averageGPA: z.number().nullable(),
  studentsByClass: z.array(z.object({ className: z.string(), count: z.number().int() })),
  enrollmentTrends: z.array(z.object({ month: z.string(), enrollments: z.number().int() })),
});
export type StudentStats = z.infer<typeof studentStatsSchema>;

export const updateAcademicRequestSchema = z.object({
  academicStatus: academicStatusSchema,
  classArm_id: idSchema.optional(),
  currentGPA: z.coerce
    .number()
    .min(0, 'GPA is between 0 and 4.0')
    .max(4, 'GPA is between 0 and 4.0')
    .optional()
    .nullable(),
  reason: optionalText(300),
});

export const promoteRequestSchema = z.object({
  fromClassArm_id: z.uuid({ error: 'Class is required' }),
  toClassArm_id: z.uuid({ error: 'Target class is required' }),
  /** Leave out to promote every active student of the class arm. */
  studentIds: z.array(idSchema).optional(),
  /** With dryRun the answer is the preview and nothing changes. */
  dryRun: z.boolean().optional().default(false),
});
export const promoteResultSchema = z.object({
  students: z.array(z.object({ _id: idSchema, name: z.string(), regNo: z.string() })),
  promoted: z.number().int(),
  dryRun: z.boolean(),
});

/** The contact part of a student (PUT /students/{id}/profile): nothing academic, nothing about the account. */
export const updateStudentProfileRequestSchema = studentInputSchema.pick({
  phone: true,
  address: true,
  guardian: true,
  emergencyContact: true,
});
export type StudentProfileUpdate = z.output<typeof updateStudentProfileRequestSchema>;

export const DISCIPLINARY_CATEGORIES = ['misconduct', 'lateness', 'absence', 'bullying', 'other'] as const;

/** The date may not be in the future; the server checks that against its own clock. */
export const disciplinaryRecordRequestSchema = z.object({
  date: calendarDate('Date is required'),
  category: z.enum(DISCIPLINARY_CATEGORIES, { error: 'Category is required' }),
  description: requiredText('Description is required', 1000),
  actionTaken: optionalText(1000),
});
export type DisciplinaryRecordInput = z.output<typeof disciplinaryRecordRequestSchema>;

export const disciplinaryRecordSchema = z.object({
  _id: idSchema,
  student_id: idSchema,
  date: z.string(),
  category: z.enum(DISCIPLINARY_CATEGORIES),
  description: z.string(),
  actionTaken: z.string().nullable(),
  recordedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DisciplinaryRecord = z.infer<typeof disciplinaryRecordSchema>;

/** What the system records about a student's performance; figures it does not record are null or empty. */
export const studentPerformanceSchema = z.object({
  currentGPA: z.number().nullable(),
  academicStatus: academicStatusSchema,
  classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
  disciplinaryCount: z.number().int(),
  attendanceRate: z.null(),
  subjects: z.array(z.never()),
});
export type StudentPerformance = z.infer<typeof studentPerformanceSchema>;

export const linkParentRequestSchema = z.object({ parentId: z.uuid({ error: 'Parent is required' }) });

export const importRowErrorSchema = z.object({ field: z.string(), message: z.string() });
export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      regNo: z.string().nullable(),
      name: z.string(),
      errors: z.array(importRowErrorSchema),
    }),
  ),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importResultSchema = z.object({ created: z.number().int(), failed: z.number().int() });

/** Columns of the import template and of the export, in order. */
export const STUDENT_FILE_COLUMNS = [
  'First Name',
  'Middle Name',
  'Last Name',
  'Email',
  'Phone',
  'Date of Birth',
  'Gender',
  'Registration Number',
  'Class Arm',
  'Type',
  'Expected Graduation Year',
  'Street',
  'City',
  'State',
  'Country',
  'Postal Code',
  'Guardian Name',
  'Guardian Relationship',
  'Guardian Phone',
  'Guardian Email',
  'Emergency Contact Name',
  'Emergency Contact Relationship',
  'Emergency Contact Phone',
] as const;

/** SPEC §9: the initial password is the lowercased first name followed by the registration number. */
export function initialStudentPassword(firstname: string, regNo: string): string {
  return `${firstname.trim().toLowerCase()}${regNo.trim()}`;
}
