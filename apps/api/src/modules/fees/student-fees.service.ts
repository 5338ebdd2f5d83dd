import {
  adjustedAmount,
  can,
  displayName,
  feeDueStatus,
  installmentAmount,
  owed,
  type StudentFees,
  type studentFeesQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { sessionNotFound, termNotFound } from '../academic/academic.errors.js';
import { studentNotFound } from '../students/students.errors.js';
import { findStudent, visibleTo } from '../students/students.queries.js';
import { adjustmentLinesOf, ledgersOf } from './fee-ledger.queries.js';
import { dueDateOf, targetsFor, toFee } from './fees.presenters.js';
import {
  defaultTermOf,
  type FeeFilters,
  feesVisibleTo,
  findSessionOfSchool,
  findTermOfSchool,
  listFees,
  narrowedBy,
  targetsOf,
} from './fees.queries.js';

type StudentFeesQuery = z.output<typeof studentFeesQuerySchema>;

/** A student sees themself, a parent their linked children, staff with 'fees.view' the students of their schools. */
async function studentFor(ctx: AppContext, auth: AuthContext, studentId: string | undefined) {
  const self = auth.roles.includes('Student') ? auth.userId : null;
  const id = studentId ?? self;
  if (!id) {
    const message = 'Student is required';
    throw fieldError('student_id', message);
  }
  const visibility = {
    scope: can(auth.roles, 'fees.view') ? auth.scope : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
    selfId: self,
  };
  if (!visibility.scope && !visibility.parentId && !visibility.selfId) throw forbidden();
  const row = await findStudent(ctx.db, visibleTo(visibility), id);
  if (!row) throw studentNotFound();
  return row;
}

/** A chosen term or session of the student's school; by default the school's current (else latest) term. */
async function termFilter(
  ctx: AppContext,
  schoolId: string,
  query: StudentFeesQuery,
  today: string,
): Promise<FeeFilters | null> {
  if (query.term_id && !(await findTermOfSchool(ctx.db, schoolId, query.term_id))) throw termNotFound();
  if (query.session_id && !(await findSessionOfSchool(ctx.db, schoolId, query.session_id))) throw sessionNotFound();
  const chosen = {
    termId: query.term_id,
    sessionId: query.session_id,
    startedBy: query.unpaid === 'true' ? today : undefined,
  };
  if (chosen.termId || chosen.sessionId || chosen.startedBy) return chosen;
  const termId = await defaultTermOf(ctx.db, schoolId, today);
  return termId ? { termId } : null;
}

/**
 * What one student owes for the chosen term(s): approved, active fees that apply to them, with
 * their adjustments, less their successful payments.
 */
export async function studentFees(ctx: AppContext, auth: AuthContext, query: StudentFeesQuery): Promise<StudentFees> {
  const student = await studentFor(ctx, auth, query.student_id);
  const today = todayIn('Africa/Lagos', ctx.clock());
  const chosen = await termFilter(ctx, student.school.id, query, today);
  const owedByStudent = feesVisibleTo({ scope: null, studentId: student.user.id, parentId: null });
  const rows = chosen ? await listFees(ctx.db, narrowedBy(owedByStudent, chosen)) : [];
  const feeIds = rows.map((row) => row.fee.id);
  const [allTargets, ledgers, lines] = await Promise.all([
    targetsOf(ctx.db, feeIds),
    ledgersOf(ctx.db, student.user.id, feeIds),
    adjustmentLinesOf(ctx.db, student.user.id, feeIds),
  ]);

  const staff = can(auth.roles, 'fees.view');
  const targets = targetsFor(allTargets, staff);
  const totals = { amount: 0n, paid: 0n, owed: 0n, overdue: 0n, dueSoon: 0n };
  let overdueCount = 0;
  let dueSoonCount = 0;
  const ledgerOf = (row: (typeof rows)[number]) => ({
    amount: row.fee.amountKobo,
    ...(ledgers.get(row.fee.id) ?? { reductions: 0n, lateFees: 0n, paid: 0n }),
  });
  const owedOf = (row: (typeof rows)[number]) => owed(ledgerOf(row));
  const shown = query.unpaid === 'true' ? rows.filter((row) => owedOf(row) > 0n) : rows;
  const items = shown.map((row) => {
    const ledger = ledgerOf(row);
    // What the fee asks of this student once adjusted: the summary's total and the installments.
    const asked = adjustedAmount(ledger);
    const paidKobo = ledger.paid;
    const owing = owed(ledger);
    const dueDate = dueDateOf(row);
    totals.amount += asked;
    totals.paid += paidKobo;
    totals.owed += owing;
    const status = feeDueStatus(dueDate, today);
    if (owing > 0n && status === 'OVERDUE') {
      overdueCount++;
      totals.overdue += owing;
    } else if (owing > 0n && status === 'DUE SOON') {
      dueSoonCount++;
      totals.dueSoon += owing;
    }
    return {
      fee: toFee(row, targets),
      amountDue: ledger.amount,
      reductions: ledger.reductions,
      lateFees: ledger.lateFees,
      // A family sees what counts; staff also see what waits for approval.
      adjustments: (lines.get(row.fee.id) ?? []).filter((line) => staff || line.status === 'approved'),
      amountPaid: paidKobo,
      outstanding: owing,
      installmentAmount: installmentAmount(asked, row.fee.installments),
      dueDate,
      isPaid: owing === 0n,
    };
  });
  items.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.fee.name.localeCompare(b.fee.name));

  return {
    student: {
      _id: student.user.id,
      name: displayName(student.user),
      regNo: student.user.regNo,
      classArm: student.classArm ? { _id: student.classArm.id, name: student.classArm.name } : null,
      school: { _id: student.school.id, name: student.school.name },
    },
    fees: items,
    summary: {
      totalAmount: totals.amount,
      totalPaid: totals.paid,
      totalOutstanding: totals.owed,
      overdueCount,
      overdueAmount: totals.overdue,
      dueSoonCount,
      dueSoonAmount: totals.dueSoon,
    },
  };
}
