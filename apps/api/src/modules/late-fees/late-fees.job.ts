import {
  addDays,
  addMonths,
  type CalendarDate,
  daysUntil,
  formatCalendarDate,
  LAGOS,
  percentOf,
  plural,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { applyAutomaticAdjustment } from '../adjustments/adjustments.service.js';
import { owedOn } from '../fees/fee-ledger.queries.js';
import { lockFee } from '../fees/fees.queries.js';
import { notifyLateFeeCharged } from '../notifications/notices.service.js';
import { holdPolicy, type LateFeeCandidate, lateFeeCandidates, lateFeeCharges } from './late-fees.queries.js';

/**
 * The days a policy charges on, by `today`: the first the day after the grace period (due date +
 * grace days), then, for a monthly policy, the same day of each following month. Period k is the
 * k-th of these days.
 */
export function chargeDays(
  policy: { graceDays: number; repeat: 'once' | 'monthly' },
  dueDate: CalendarDate,
  today: CalendarDate,
): CalendarDate[] {
  const first = addDays(dueDate, policy.graceDays);
  const days: CalendarDate[] = [];
  for (let month = 0; ; month++) {
    const day = addMonths(first, month);
    if (day > today || (policy.repeat === 'once' && month > 0)) return days;
    days.push(day);
  }
}

const reasonFor = (dueDate: CalendarDate, day: CalendarDate) => {
  const late = daysUntil(day, dueDate);
  const due = formatCalendarDate(dueDate);
  return late === 0
    ? `Late fee: unpaid on the due date of ${due}`
    : `Late fee: ${plural(late, 'day')} after the due date of ${due}`;
};

/**
 * One fee and student, under the fee's lock (payments and a second run of the job take turns with
 * it): each charge day passed whose period has no row yet is charged, while the approved late fees
 * stay within the cap; the charge that would pass it is cut to reach it exactly. A reversed
 * (waived) charge keeps its row, so its period is never charged again, and no longer counts
 * towards the cap.
 */
async function chargeLateFees(ctx: AppContext, now: Date, today: CalendarDate, candidate: LateFeeCandidate) {
  const days = chargeDays({ graceDays: candidate.grace_days, repeat: candidate.repeat }, candidate.due_date, today);
  return ctx.db.transaction(async (tx) => {
    const fee = await lockFee(tx, candidate.fee_id);
    if (fee?.status !== 'approved' || !fee.isActive) return 0;
    if (!(await holdPolicy(tx, candidate.policy_id))) return 0;
    if ((await owedOn(tx, candidate.student_id, fee)) === 0n) return 0;
    const charges = await lateFeeCharges(tx, fee.id, candidate.student_id);
    const taken = new Set(charges.map((charge) => charge.period));
    let charged = charges
      .filter((charge) => charge.status === 'approved')
      .reduce((sum, charge) => sum + (charge.amountKobo ?? 0n), 0n);
    const cap = candidate.cap_kobo === null ? null : BigInt(candidate.cap_kobo);
    const each =
      candidate.basis === 'fixed'
        ? BigInt(candidate.amount_kobo ?? 0)
        : percentOf(fee.amountKobo, candidate.percent_bp ?? 0);
    let made = 0;
    for (const [index, day] of days.entries()) {
      const period = index + 1;
      if (taken.has(period)) continue;
      const amount = cap === null || charged + each <= cap ? each : cap - charged;
      if (amount <= 0n) break;
      const row = await applyAutomaticAdjustment(tx, now, {
        schoolId: fee.schoolId,
        feeId: fee.id,
        studentId: candidate.student_id,
        kind: 'late_fee',
        basis: candidate.basis,
        amountKobo: amount,
        percentBp: candidate.basis === 'percent' ? candidate.percent_bp : null,
        reason: reasonFor(candidate.due_date, day),
        lateFeePolicyId: candidate.policy_id,
        period,
      });
      if (!row) continue;
      charged += amount;
      made++;
      await notifyLateFeeCharged(tx, ctx, row.id);
    }
    return made;
  });
}

/**
 * The daily late-fee run: every student who still owes on a payable fee whose policy's grace
 * period has run out is charged what the policy says for each period passed, once. Safe to run
 * again and from two processes at once: each charge is made under the fee's lock and the unique
 * index on (fee, student, period) keeps one of each.
 */
export async function applyLateFees(ctx: AppContext, options: { now: Date }) {
  const today = todayIn(LAGOS, options.now);
  const candidates = await lateFeeCandidates(ctx.db, today);
  let charged = 0;
  for (const candidate of candidates) charged += await chargeLateFees(ctx, options.now, today, candidate);
  return { checked: candidates.length, charged };
}
