import { z } from 'zod';
import { idSchema, optionalText, paginationSchema } from './common.js';
import { termFiguresSchema } from './dashboards.js';
import { ACADEMIC_STATUSES, GENDERS } from './students.js';

/*
 * Term results (issue 14): schools keep scores in their result software and import each term's
 * figures here. Nothing is ever computed or guessed from other data: a figure the school did not
 * import is null, and the screens say "Not recorded yet".
 */

/**
 * The columns of a results file, one row per student. Every other column is a subject: its header
 * is the subject's name and holds the score (0–100), and an optional `<Subject> Grade` column
 * beside it holds the grade the school's software gave.
 */
export const RESULT_FILE_COLUMNS = [
  'Registration Number',
  'Average',
  'Position',
  'Class Size',
  'Days Present',
  'Total Days',
  'Late Days',
  'Remark',
] as const;
export const RESULT_GRADE_SUFFIX = ' Grade';
export const RESULT_TEMPLATE_SUBJECTS = ['Mathematics', 'English Language'] as const;
export const MAX_RESULT_SUBJECTS = 30;

const score = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`)
    // Tested on the scaled value with a tolerance: 68.4 * 100 is 6840.000000000001 in binary floating point.
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, `${label} has at most 2 decimals`);
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`);

export const resultSubjectInputSchema = z.object({
  name: z.string().trim().min(1, 'Subject is required').max(80, 'Subject must be at most 80 characters'),
  score: score('Score').nullable(),
  grade: z.string().trim().max(10, 'Grade must be at most 10 characters').nullable(),
});

/**
 * One student's figures for a term, as imported or edited. The bounds hold the figures to what a
 * school's software can have produced: a position within the class, attendance within the term.
 */
export const termResultInputSchema = z
  .object({
    average: score('Average').nullable(),
    position: count('Position').min(1, 'Position must be at least 1').nullable(),
    classSize: count('Class Size').min(1, 'Class Size must be at least 1').nullable(),
    daysPresent: count('Days Present').nullable(),
    totalDays: count('Total Days').nullable(),
    lateDays: count('Late Days').nullable(),
    remark: optionalText(300).transform((value) => value || null),
    subjects: z.array(resultSubjectInputSchema).max(MAX_RESULT_SUBJECTS, `At most ${MAX_RESULT_SUBJECTS} subjects`),
  })
  .superRefine((value, ctx) => {
    if (value.position !== null && value.classSize !== null && value.position > value.classSize) {
      ctx.addIssue({ code: 'custom', path: ['position'], message: 'Position cannot be more than Class Size' });
    }
    if (value.position !== null && value.classSize === null) {
      ctx.addIssue({ code: 'custom', path: ['classSize'], message: 'Class Size is required with a Position' });
    }
    if (value.daysPresent !== null && value.totalDays !== null && value.daysPresent > value.totalDays) {
      ctx.addIssue({ code: 'custom', path: ['daysPresent'], message: 'Days Present cannot be more than Total Days' });
    }
    if ((value.daysPresent === null) !== (value.totalDays === null)) {
      ctx.addIssue({ code: 'custom', path: ['totalDays'], message: 'Days Present and Total Days go together' });
    }
    if (value.lateDays !== null && (value.daysPresent === null || value.lateDays > value.daysPresent)) {
      ctx.addIssue({ code: 'custom', path: ['lateDays'], message: 'Late Days cannot be more than Days Present' });
    }
    const names = new Set<string>();
    value.subjects.forEach((subject, index) => {
      const key = subject.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['subjects', index, 'name'], message: `${subject.name} appears twice` });
      }
      names.add(key);
    });
  });
export type TermResultInput = z.output<typeof termResultInputSchema>;

export const resultSubjectSchema = z.object({
  name: z.string(),
  score: z.number().nullable(),
  grade: z.string().nullable(),
});
export type ResultSubject = z.infer<typeof resultSubjectSchema>;

/** Attendance as imported; `rate` is days present ÷ total days in percent, one decimal. */
export const resultAttendanceSchema = z.object({
  daysPresent: z.number().int(),
  totalDays: z.number().int(),
  late: z.number().int().nullable(),
  rate: z.number().nullable(),
});

/** A student's recorded figures for one term: what the student and parent dashboards read. */
export const studentAcademicSchema = z.object({
  termId: idSchema,
  termName: z.string(),
  average: z.number().nullable(),
  position: z.number().int().nullable(),
  classSize: z.number().int().nullable(),
  attendance: resultAttendanceSchema.nullable(),
  subjects: z.array(resultSubjectSchema),
});
export type StudentAcademic = z.infer<typeof studentAcademicSchema>;

/* Import */
export const resultImportRowSchema = z.object({
  row: z.number().int(),
  regNo: z.string().nullable(),
  name: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export const resultImportPreviewSchema = z.object({
  rows: z.array(resultImportRowSchema),
  subjects: z.array(z.string()),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  /** Of the valid rows, how many replace results the student already has for the term. */
  replacing: z.number().int(),
});
export type ResultImportPreview = z.infer<typeof resultImportPreviewSchema>;
export const resultImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
});
export type ResultImportResult = z.infer<typeof resultImportResultSchema>;

/* List and edit */
export const resultsListQuerySchema = z.object({
  term_id: idSchema,
  class_arm_id: idSchema.optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
});
export const termResultsDeleteQuerySchema = z.object({ term_id: idSchema });

export const termResultSchema = z.object({
  _id: idSchema,
  student: z.object({ _id: idSchema, name: z.string(), regNo: z.string().nullable() }),
  classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
  term: z.object({ _id: idSchema, name: z.string() }),
  average: z.number().nullable(),
  position: z.number().int().nullable(),
  classSize: z.number().int().nullable(),
  daysPresent: z.number().int().nullable(),
  totalDays: z.number().int().nullable(),
  lateDays: z.number().int().nullable(),
  remark: z.string().nullable(),
  subjects: z.array(resultSubjectSchema),
  updatedAt: z.string(),
});
export type TermResult = z.infer<typeof termResultSchema>;
export const termResultListSchema = z.object({ results: z.array(termResultSchema), pagination: paginationSchema });
export type TermResultList = z.infer<typeof termResultListSchema>;

/* Student academic summary (SPEC §5), with what was not recorded marked so */
export const academicSummarySchema = z.object({
  recorded: z.boolean().meta({ description: 'False when the school has imported no results for this student' }),
  term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  currentTerm: z.object({
    average: z.number().nullable(),
    position: z.number().int().nullable(),
    totalStudents: z.number().int().nullable(),
    subjects: z.array(resultSubjectSchema),
  }),
  attendance: z.object({
    rate: z.number().nullable(),
    daysPresent: z.number().int().nullable(),
    totalDays: z.number().int().nullable(),
    lateArrivals: z.number().int().nullable(),
  }),
  assignments: z.object({
    recorded: z.literal(false).meta({ description: 'Assignments are not recorded by the system' }),
    completed: z.null(),
    total: z.null(),
    pending: z.null(),
    overdue: z.null(),
  }),
});
export type AcademicSummary = z.infer<typeof academicSummarySchema>;

/** A term's imported results over one class arm (or a whole school). */
export const resultsSummarySchema = z.object({
  studentsWithResults: z.number().int(),
  averageScore: z.number().nullable().meta({ description: 'Mean of the students’ averages, two decimals' }),
  attendanceRate: z.number().nullable().meta({ description: 'Days present ÷ total days over those students, percent' }),
});
export type ResultsSummary = z.infer<typeof resultsSummarySchema>;

export const classArmFillSchema = z.object({
  _id: idSchema,
  name: z.string(),
  students: z.number().int(),
  capacity: z.number().int(),
});

const countOf = <T extends z.ZodType>(key: T) => z.array(z.object({ key, count: z.number().int() }));

export const principalAcademicOverviewSchema = z.object({
  term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  totalStudents: z.number().int(),
  classArms: z.array(classArmFillSchema.extend({ results: resultsSummarySchema })),
  byStatus: countOf(z.enum(ACADEMIC_STATUSES)),
  byGender: countOf(z.enum(GENDERS).nullable()),
  results: resultsSummarySchema,
});
export type PrincipalAcademicOverview = z.infer<typeof principalAcademicOverviewSchema>;

export const headteacherDashboardSchema = z.object({
  school: z.object({ _id: idSchema, name: z.string() }).nullable(),
  term: z.object({ _id: idSchema, name: z.string() }).nullable(),
  totalStudents: z.number().int(),
  totalCapacity: z.number().int(),
  classArms: z.array(
    classArmFillSchema.extend({
      fees: termFiguresSchema,
      results: resultsSummarySchema,
    }),
  ),
  fees: termFiguresSchema,
  byStatus: countOf(z.enum(ACADEMIC_STATUSES)),
  results: resultsSummarySchema,
});
export type HeadteacherDashboard = z.infer<typeof headteacherDashboardSchema>;

/** Days present ÷ total days in percent, one decimal; null when the term had no days recorded. */
export function attendanceRate(daysPresent: number | null, totalDays: number | null): number | null {
  if (daysPresent === null || !totalDays) return null;
  return Math.round((daysPresent * 1000) / totalDays) / 10;
}
