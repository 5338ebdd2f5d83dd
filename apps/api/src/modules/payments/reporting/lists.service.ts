import {
  can,
  encodeListCursor,
  entityMessages,
  type Payment,
  type PaymentList,
  type paymentListQuerySchema,
  type paymentStatsQuerySchema,
} from '@schoolledger/domain';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { DbOrTx } from '../../../db/client.js';
import { forbidden, validationFailed } from '../../../lib/errors.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { assertSchoolInScope } from '../../../plugins/tenancy.js';
import { termNotFound } from '../../academic/academic.errors.js';
import { feeNotFound } from '../../fees/fees.errors.js';
import { studentNotFound } from '../../students/students.errors.js';
import { findStudent, visibleTo } from '../../students/students.queries.js';
import { paymentNotFound } from '../payments.errors.js';
import { toPayment } from './lists.presenter.js';
import {
  countPaymentRows,
  feeInScope,
  feePaidFor,
  findPayment,
  listPayments,
  narrowedBy,
  type PaymentListRow,
  paymentsInScope,
  paymentsVisibleTo,
  schoolsWalked,
  termInScope,
} from './lists.queries.js';
import { paymentStats } from './stats.queries.js';

type ListQuery = z.output<typeof paymentListQuerySchema>;
type StatsQuery = z.output<typeof paymentStatsQuerySchema>;

export const PAYMENT = entityMessages('Payment');
const SCHOOL = entityMessages('School');

/**
 * A payment list counts its matching rows up to this many: an exact total for every list a
 * school reads page by page, and "10,000+" for a group's million, which would otherwise cost a
 * full count on every page.
 */
export const PAYMENT_COUNT_CAP = 10_000;

const isStaff = (auth: AuthContext) => can(auth.roles, 'payments.view');

/**
 * The payments a caller may see: staff with payments.view those of their schools, a student
 * their own, a parent their linked children's. A caller holding several of these sees the union.
 */
export function visiblePayments(auth: AuthContext): SQL {
  const viewer = {
    scope: isStaff(auth) ? auth.scope : null,
    studentId: auth.roles.includes('Student') ? auth.userId : null,
    parentId: auth.roles.includes('Parent') ? auth.userId : null,
  };
  if (!viewer.scope && !viewer.studentId && !viewer.parentId) throw forbidden();
  return paymentsVisibleTo(viewer);
}

/** Ids named in the query must be ones the caller can see (404 otherwise); they then only narrow. */
async function checkNamedIds(db: DbOrTx, auth: AuthContext, query: Partial<ListQuery>) {
  const staff = isStaff(auth);
  if (query.school_id) assertSchoolInScope(auth.scope, query.school_id, SCHOOL.notFound);
  if (query.student_id) {
    const parentId = auth.roles.includes('Parent') ? auth.userId : null;
    const selfId = auth.roles.includes('Student') ? auth.userId : null;
    const student = await findStudent(
      db,
      visibleTo({ scope: staff ? auth.scope : null, parentId, selfId }),
      query.student_id,
    );
    if (!student) throw studentNotFound();
  }
  if (query.term_id) {
    if (!(await termInScope(db, auth.scope, query.term_id))) throw termNotFound();
  }
  if (query.fee_id) {
    if (!(await feeInScope(db, auth.scope, query.fee_id))) throw feeNotFound();
  }
  if (query.from && query.to && query.from > query.to) {
    throw validationFailed([{ field: 'to', message: 'The end date must be on or after the start date' }]);
  }
}

/** Presents rows with each student's net paid on the fee, summed for the whole page in one query. */
export async function presentPayments(db: DbOrTx, rows: PaymentListRow[]): Promise<Payment[]> {
  const paid = await feePaidFor(
    db,
    rows.map((row) => ({ studentId: row.payment.studentId, feeId: row.payment.feeId })),
  );
  return rows.map((row) => toPayment(row, paid.get(`${row.payment.studentId}:${row.payment.feeId}`) ?? 0n));
}

export async function listPaymentPage(ctx: AppContext, auth: AuthContext, query: ListQuery): Promise<PaymentList> {
  const visible = visiblePayments(auth);
  await checkNamedIds(ctx.db, auth, query);
  const where = narrowedBy(visible, {
    schoolId: query.school_id,
    termId: query.term_id,
    studentId: query.student_id,
    feeId: query.fee_id,
    status: query.status,
    method: query.method,
    kind: query.kind,
    disputed: query.disputed === undefined ? undefined : query.disputed === 'true',
    search: query.search || undefined,
    from: query.from,
    to: query.to,
  });
  // A staff list walks each school's newest payments; a payer's list is a few students' rows.
  const staffOnly = isStaff(auth) && !auth.roles.includes('Student') && !auth.roles.includes('Parent');
  const acrossSchools = staffOnly ? schoolsWalked(auth.scope, query.school_id) : undefined;
  const { cursor } = query;
  const page = cursor?.page ?? query.page;
  const window = {
    limit: query.limit,
    offset: (page - 1) * query.limit,
    after: cursor && { createdAtMicros: cursor.createdAtMicros, id: cursor.id },
  };
  const [count, list] = await Promise.all([
    countPaymentRows(ctx.db, where, PAYMENT_COUNT_CAP),
    listPayments(ctx.db, where, window, acrossSchools),
  ]);
  return {
    payments: await presentPayments(ctx.db, list.rows),
    pagination: {
      page,
      limit: query.limit,
      total: count.total,
      totalPages: Math.ceil(count.total / query.limit),
      totalIsCapped: count.capped,
      nextCursor: list.next && encodeListCursor({ page: page + 1, ...list.next }),
    },
  };
}

/** One payment the caller may see, presented; 404 for anything else. */
export async function getVisiblePayment(db: DbOrTx, auth: AuthContext, id: string): Promise<Payment> {
  const row = await findPayment(db, visiblePayments(auth), id);
  if (!row) throw paymentNotFound();
  const [payment] = await presentPayments(db, [row]);
  return payment!;
}

/**
 * Staff see the figures of the schools in their scope, narrowed by school and term. The ids are
 * checked on the primary, the figures added up on the read replica.
 */
export async function getPaymentStats(ctx: AppContext, auth: AuthContext, query: StatsQuery) {
  await checkNamedIds(ctx.db, auth, query);
  return paymentStats(
    ctx.readDb,
    narrowedBy(paymentsInScope(auth.scope), { schoolId: query.school_id, termId: query.term_id }),
  );
}
