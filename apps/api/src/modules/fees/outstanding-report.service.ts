import {
  displayName,
  entityMessages,
  koboToNaira,
  type OutstandingReport,
  type outstandingReportQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { classArmsInSchool, findTermOfSchool } from './fees.queries.js';
import { reportByClassArm, reportByStudent, reportSummary } from './outstanding-report.queries.js';

type ReportQuery = z.output<typeof outstandingReportQuerySchema>;

const SCHOOL = entityMessages('School');
const TERM = entityMessages('Term');
const CLASS_ARM = entityMessages('Class arm');

const amounts = (row: { expected: string; paid: string; outstanding: string }) => ({
  expected: koboToNaira(BigInt(row.expected)),
  paid: koboToNaira(BigInt(row.paid)),
  outstanding: koboToNaira(BigInt(row.outstanding)),
});

/** Expected, paid and outstanding per class arm, per student and in total, for one school and term. */
export async function outstandingReport(
  ctx: AppContext,
  auth: AuthContext,
  query: ReportQuery,
): Promise<OutstandingReport> {
  const schoolId = query.school_id ?? auth.schoolId;
  if (!schoolId) {
    const message = 'School is required';
    throw new AppError(422, 'validation', message, [{ field: 'school_id', message }]);
  }
  assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  if (!(await findTermOfSchool(ctx.db, schoolId, query.term_id))) throw notFound(TERM.notFound);
  if (query.classArm_id && !(await classArmsInSchool(ctx.db, schoolId, [query.classArm_id])).size) {
    throw notFound(CLASS_ARM.notFound);
  }
  const filter = { schoolId, termId: query.term_id, classArmId: query.classArm_id };
  const [byClassArm, students, summary] = await Promise.all([
    reportByClassArm(ctx.db, filter),
    reportByStudent(ctx.db, filter),
    reportSummary(ctx.db, filter),
  ]);
  return {
    outstandingReport: {
      byClassArm: byClassArm.map((row) => ({
        classArm: row.class_arm_id ? { _id: row.class_arm_id, name: row.name ?? '' } : null,
        students: row.students,
        ...amounts(row),
      })),
      students: students.map((row) => ({
        _id: row.id,
        name: displayName(row),
        regNo: row.reg_no,
        classArm: row.class_arm,
        ...amounts(row),
      })),
    },
    summary: { students: summary.students, studentsOwing: summary.owing, ...amounts(summary) },
  };
}
