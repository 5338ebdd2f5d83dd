import {
  displayName,
  entityMessages,
  type OutstandingReport,
  type outstandingReportQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { classArmNotFound, termNotFound } from '../academic/academic.errors.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { noTerms } from './fees.errors.js';
import { classArmsInSchool, defaultTermOf } from './fees.queries.js';
import { reportByClassArm, reportByStudent, reportSummary, reportTerm } from './outstanding-report.queries.js';

type ReportQuery = z.output<typeof outstandingReportQuerySchema>;

const SCHOOL = entityMessages('School');

const amounts = (row: { expected: string; paid: string; outstanding: string }) => ({
  expected: BigInt(row.expected),
  paid: BigInt(row.paid),
  outstanding: BigInt(row.outstanding),
});

/**
 * Expected, paid and outstanding per class arm, per student and in total, for one school and term.
 * Without a term, the one the student fee pages default to: the term whose dates include today;
 * between terms the one that ended last, whose arrears are what a bursar chases; before the first
 * term starts, that term. A school with no terms at all has nothing to report (404).
 */
export async function outstandingReport(
  ctx: AppContext,
  auth: AuthContext,
  query: ReportQuery,
): Promise<OutstandingReport> {
  const schoolId = query.school_id ?? auth.schoolId;
  if (!schoolId) {
    const message = 'School is required';
    throw fieldError('school_id', message);
  }
  assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  const termId = query.term_id ?? (await defaultTermOf(ctx.db, schoolId, todayIn('Africa/Lagos', ctx.clock())));
  if (!termId) throw noTerms();
  const term = await reportTerm(ctx.db, schoolId, termId);
  if (!term) throw termNotFound();
  if (query.classArm_id && !(await classArmsInSchool(ctx.db, schoolId, [query.classArm_id])).size) {
    throw classArmNotFound();
  }
  const filter = { schoolId, termId, classArmId: query.classArm_id, today: todayIn('Africa/Lagos', ctx.clock()) };
  const [byClassArm, students, summary] = await Promise.all([
    reportByClassArm(ctx.db, filter),
    reportByStudent(ctx.db, filter),
    reportSummary(ctx.db, filter),
  ]);
  return {
    term,
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

/** The report as a file leaves the app with every student's balance, so the download is on the trail. */
export async function outstandingReportDownload(
  ctx: AppContext,
  auth: AuthContext,
  query: ReportQuery,
  actor: Actor,
): Promise<OutstandingReport> {
  const report = await outstandingReport(ctx, auth, query);
  await recordAudit(ctx.db, actor, {
    action: 'download',
    entity: 'report',
    entityId: report.term._id,
    schoolId: query.school_id ?? auth.schoolId,
    after: {
      report: 'outstanding_fees',
      format: 'csv',
      filters: { ...query, term_id: report.term._id },
      rows: report.outstandingReport.students.length,
    },
  });
  return report;
}
