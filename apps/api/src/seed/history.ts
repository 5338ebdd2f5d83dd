import { addDays, type PayerMethod, todayIn } from '@schoolledger/domain';
import { and, arrayContains, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  classArms,
  feeClassArms,
  feeEvents,
  fees,
  payments,
  schoolReceiptCounters,
  terms,
  users,
} from '../db/schema.js';
import type { PastAuditEntry } from '../modules/audit/audit.queries.js';
import { defaultTermOf } from '../modules/fees/fees.queries.js';
import { receiptNoValue } from '../modules/ledger/receipt-numbers.queries.js';
import { creditAudit, feeAuditEntries } from './audit.js';
import { type Random, seededRandom } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_CHUNK = 500;

export interface SchoolHistorySeed {
  schoolId: string;
  /** What its receipt numbers start with. */
  receiptCode: string;
  /** Who set the fees up, who approved them, and who sat at the cash desk. */
  creatorId: string;
  approverId: string;
  deskId: string;
}

/** Last session's fees per term: tuition by level and the examination fee. */
const PAST_FEES = [
  {
    name: 'JSS Tuition',
    description: 'Tuition for junior secondary classes',
    type: 'tuition',
    amountKobo: 17_500_000n,
    level: 'JSS',
  },
  {
    name: 'SS Tuition',
    description: 'Tuition for senior secondary classes',
    type: 'tuition',
    amountKobo: 20_000_000n,
    level: 'SS',
  },
  {
    name: 'Examination fee',
    description: 'Continuous assessment and end-of-term examinations',
    type: 'examination',
    amountKobo: 1_200_000n,
    level: null,
  },
] as const;

/** How families paid last session: about a third at the desk, the rest by transfer and online. */
const METHODS: readonly PayerMethod[] = [
  'cash',
  'cash',
  'cash',
  'bank_transfer',
  'bank_transfer',
  'paystack',
  'paystack',
  'paystack',
  'flutterwave',
];

interface PaidPart {
  amountKobo: bigint;
  at: Date;
  method: PayerMethod;
  isInstallment: boolean;
}

/** One payment of a habit: the whole fee, its first half, or what is left after that half. */
interface HabitPart {
  portion: 'whole' | 'firstHalf' | 'rest';
  /** Days from the term's first day at the demo's usual pace (before it, when negative). */
  day: number;
  /** Minutes after 8:00 Lagos time. */
  minute: number;
  method: PayerMethod;
}

/**
 * The last day of term anyone pays on, whatever the pace: the same day in every term (the demo's
 * shortest runs 89 days), so each term has all its money in by the day the forecast's replays end.
 */
const LAST_PAYMENT_DAY = 85;

/**
 * How a family pays a fee, the same every term (families keep their ways): fewer than half pay
 * in full around resumption, others in full within weeks or late before the examinations, some in
 * two halves, some half and no more, a few nothing (debtors). The families the demo's sign-ins
 * follow pay in full in the first weeks.
 */
function habitOf(random: Random, inFull: boolean): HabitPart[] {
  const part = (portion: HabitPart['portion'], from: number, to: number, method = random.pick(METHODS)) => ({
    portion,
    day: random.int(from, to),
    minute: random.int(0, 7 * 60),
    method,
  });
  if (inFull) return [part('whole', 0, 24)];
  const roll = random.next();
  if (roll < 0.08) return [];
  if (roll < 0.2) return [part('firstHalf', 10, 50)];
  if (roll < 0.4) return [part('firstHalf', 0, 20), part('rest', 30, 75)];
  if (roll < 0.7) return [part('whole', -10, 3)];
  if (roll < 0.94) return [part('whole', 4, 35)];
  return [part('whole', 50, LAST_PAYMENT_DAY)];
}

/**
 * Each term's pace, oldest first: the days of every habit after resumption are stretched by it
 * (1 is the habit's own). The first two are the fastest and the slowest and every later term falls
 * between them, so a forecast of each term from the ones before it holds it within its band, as
 * the forecast page's accuracy shows. This term runs a little slower than the same term last year.
 */
const PAST_PACES = [0.8, 1.3, 1.05, 1.15, 0.9, 1.2];
const CURRENT_PACE = 1.1;

/** A habit in one term: its days at the term's pace, none past the last day anyone pays on. */
function partsOf(habit: HabitPart[], amountKobo: bigint, termStart: string, pace: number) {
  const start = new Date(`${termStart}T08:00:00+01:00`).getTime();
  return habit.map(
    (part): PaidPart => ({
      amountKobo:
        part.portion === 'whole'
          ? amountKobo
          : part.portion === 'firstHalf'
            ? amountKobo / 2n
            : amountKobo - amountKobo / 2n,
      at: new Date(
        start +
          (part.day <= 0 ? part.day : Math.min(Math.round(part.day * pace), LAST_PAYMENT_DAY)) * DAY_MS +
          part.minute * 60_000,
      ),
      method: part.method,
      isInstallment: part.portion !== 'whole',
    }),
  );
}

/**
 * Last session in the demo: its three terms' fees, approved, and what each student paid on them,
 * and this term's tuition paid by the same habits up to `currentTermUntil`, credited with receipts
 * numbered per school in the order they were paid, so the dashboards' trends and method mix have
 * a year to draw, the forecast past terms to learn from, and the auditor a past term to pack.
 * This term's other fees stay as seedDemoFees left them, for families and the desk to pay.
 * `paidInFull` (the families the demo's sign-ins follow) paid every past fee at once and nothing
 * yet this term, so their pages owe nothing from before this term and all of this term's fees.
 */
export async function seedDemoHistory(
  tx: DbOrTx,
  schoolSeeds: SchoolHistorySeed[],
  options: { now: Date; paidInFull: ReadonlySet<string>; currentTermUntil: Date },
): Promise<PastAuditEntry[]> {
  const audits: PastAuditEntry[] = [];
  const random = seededRandom(20_251_107);
  const habits = new Map<string, HabitPart[]>();
  const habitFor = (studentId: string, feeType: string) => {
    const key = `${studentId}:${feeType}`;
    let habit = habits.get(key);
    if (!habit) {
      habit = habitOf(random, options.paidInFull.has(studentId));
      habits.set(key, habit);
    }
    return habit;
  };
  const today = todayIn('Africa/Lagos', options.now);
  // A year of payments goes in with the summaries' trigger off (it refreshes a student's term
  // position per row), and the summaries are rebuilt once at the end, as the benchmark loads its data.
  await tx.execute(sql`alter table payments disable trigger payments_collect`);
  for (const school of schoolSeeds) {
    const currentId = await defaultTermOf(tx, school.schoolId, today);
    const [current] = currentId ? await tx.select().from(terms).where(eq(terms.id, currentId)) : [];
    if (!current) continue;
    const pastTerms = await tx
      .select({ id: terms.id, startDate: terms.startDate })
      .from(terms)
      .where(and(eq(terms.schoolId, school.schoolId), lt(terms.startDate, current.startDate)))
      .orderBy(asc(terms.startDate));
    const arms = await tx
      .select({ id: classArms.id, name: classArms.name })
      .from(classArms)
      .where(eq(classArms.schoolId, school.schoolId));
    const students = await tx
      .select({ id: users.id, classArmId: users.classArmId })
      .from(users)
      .where(and(eq(users.schoolId, school.schoolId), arrayContains(users.roles, ['Student'])))
      .orderBy(asc(users.regNo));
    const levelOf = new Map(arms.map((arm) => [arm.id, arm.name.startsWith('JSS') ? 'JSS' : 'SS']));

    const rows: (typeof payments.$inferInsert)[] = [];
    for (const [index, term] of pastTerms.entries()) {
      const pace = PAST_PACES[index % PAST_PACES.length]!;
      const setUp = new Date(new Date(`${term.startDate}T09:00:00+01:00`).getTime() - 14 * DAY_MS);
      for (const seed of PAST_FEES) {
        const armIds = seed.level ? arms.filter((arm) => levelOf.get(arm.id) === seed.level).map((arm) => arm.id) : [];
        const [fee] = await tx
          .insert(fees)
          .values({
            schoolId: school.schoolId,
            termId: term.id,
            name: seed.name,
            description: seed.description,
            type: seed.type,
            amountKobo: seed.amountKobo,
            dueDate: addDays(term.startDate, 21),
            appliesTo: seed.level ? 'classArms' : 'school',
            status: 'approved',
            approvedBy: school.approverId,
            approvedAt: new Date(setUp.getTime() + DAY_MS),
            createdBy: school.creatorId,
            updatedBy: school.creatorId,
            createdAt: setUp,
            updatedAt: setUp,
          })
          .returning();
        if (armIds.length) {
          await tx
            .insert(feeClassArms)
            .values(armIds.map((classArmId) => ({ feeId: fee!.id, schoolId: school.schoolId, classArmId })));
        }
        await tx.insert(feeEvents).values([
          { feeId: fee!.id, schoolId: school.schoolId, actorId: school.creatorId, action: 'created', createdAt: setUp },
          {
            feeId: fee!.id,
            schoolId: school.schoolId,
            actorId: school.approverId,
            action: 'approved',
            createdAt: new Date(setUp.getTime() + DAY_MS),
          },
        ]);
        audits.push(
          ...feeAuditEntries(fee!, { classArmIds: armIds, studentIds: [] }, school, {
            created: setUp,
            approved: new Date(setUp.getTime() + DAY_MS),
          }),
        );
        for (const student of students) {
          if (seed.level && levelOf.get(student.classArmId ?? '') !== seed.level) continue;
          for (const part of partsOf(habitFor(student.id, seed.type), seed.amountKobo, term.startDate, pace)) {
            if (part.at >= options.now) continue;
            rows.push(paymentRow(random, school, { feeId: fee!.id, studentId: student.id }, part));
          }
        }
      }
    }
    const tuition = await tx
      .select({ id: fees.id, amountKobo: fees.amountKobo, classArmId: feeClassArms.classArmId })
      .from(fees)
      .innerJoin(feeClassArms, eq(feeClassArms.feeId, fees.id))
      .where(and(eq(fees.termId, current.id), eq(fees.type, 'tuition'), eq(fees.status, 'approved')));
    const tuitionOf = new Map(tuition.map((fee) => [fee.classArmId, fee]));
    for (const student of students) {
      const fee = tuitionOf.get(student.classArmId ?? '');
      if (!fee || options.paidInFull.has(student.id)) continue;
      for (const part of partsOf(habitFor(student.id, 'tuition'), fee.amountKobo, current.startDate, CURRENT_PACE)) {
        if (part.at >= options.currentTermUntil) continue;
        rows.push(paymentRow(random, school, { feeId: fee.id, studentId: student.id }, part));
      }
    }
    rows.sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime());
    const numbered = rows.map((row, index) => ({
      ...row,
      receiptNo: receiptNoValue(school.receiptCode, row.paidAt!, index + 1),
    }));
    for (let start = 0; start < numbered.length; start += INSERT_CHUNK) {
      const credited = await tx
        .insert(payments)
        .values(numbered.slice(start, start + INSERT_CHUNK))
        .returning({
          id: payments.id,
          schoolId: payments.schoolId,
          amountKobo: payments.amountKobo,
          method: payments.method,
          receiptNo: payments.receiptNo,
          reference: payments.reference,
          paidAt: payments.paidAt,
          payerBankReference: payments.payerBankReference,
          transferDate: payments.transferDate,
          providerId: payments.providerId,
        });
      audits.push(...credited.map((payment) => creditAudit(payment, school.deskId)));
    }
    await tx.insert(schoolReceiptCounters).values({ schoolId: school.schoolId, lastNo: rows.length });
  }
  await tx.execute(sql`alter table payments enable trigger payments_collect`);
  await tx.execute(sql`select rebuild_collection_summaries()`);
  // The payments went in with their trigger off: the journal posts them now, as it would have.
  await tx.execute(sql`select ledger_post_missing()`);
  return audits;
}

function paymentRow(
  random: Random,
  school: SchoolHistorySeed,
  of: { feeId: string; studentId: string },
  part: PaidPart,
): typeof payments.$inferInsert {
  const reference = `SL-${part.at.getTime().toString(36)}-${random.digits(12)}`.toUpperCase();
  const started = new Date(part.at.getTime() - random.int(2, 40) * 60_000);
  const common = {
    schoolId: school.schoolId,
    ...of,
    amountKobo: part.amountKobo,
    status: 'success' as const,
    method: part.method,
    reference,
    isInstallment: part.isInstallment,
    paidAt: part.at,
    createdAt: started,
    updatedAt: part.at,
  };
  switch (part.method) {
    case 'cash':
      return { ...common, createdAt: part.at, initiatedBy: school.deskId };
    case 'bank_transfer':
      return {
        ...common,
        initiatedBy: of.studentId,
        payerBankReference: `TRF${random.digits(10)}`,
        transferDate: todayIn('Africa/Lagos', started),
        reviewedBy: school.deskId,
        reviewedAt: part.at,
      };
    default:
      return {
        ...common,
        initiatedBy: of.studentId,
        providerReference: part.method === 'paystack' ? reference : `FLW-${random.digits(9)}`,
        providerId: `${part.method === 'paystack' ? '' : 'flw-'}${random.digits(10)}`,
        channel: random.pick(['card', 'card', 'bank_transfer', 'ussd']),
        verifiedAt: part.at,
      };
  }
}
