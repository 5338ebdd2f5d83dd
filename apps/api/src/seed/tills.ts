import {
  CASH_DESK_DEFAULTS,
  countTotal,
  type DenominationCount,
  LAGOS,
  parseNaira,
  todayIn,
} from '@schoolledger/domain';
import { and, arrayContains, asc, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { fees, notifications, payments, schoolReceiptCounters, tillSessions, users } from '../db/schema.js';
import type { PastAuditEntry } from '../modules/audit/audit.queries.js';
import { defaultTermOf } from '../modules/fees/fees.queries.js';
import { receiptNoValue } from '../modules/ledger/receipt-numbers.queries.js';
import { tillSchoolOf, tillWatchers } from '../modules/tills/till-alerts.queries.js';
import { tillVarianceNotice } from '../modules/tills/till-alerts.service.js';
import { auditView } from '../modules/tills/tills.service.js';
import { creditAudit } from './audit.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SchoolTillSeed {
  schoolId: string;
  receiptCode: string;
  /** The bursar at the desk, and the principal who confirms the counts. */
  bursarId: string;
  principalId: string;
}

/** One past day at the desk: its float, the examination fees it took, what was counted, and what followed. */
interface TillDay {
  daysAgo: number;
  float: DenominationCount;
  takings: number;
  count: DenominationCount;
  reason: string | null;
  banked: { slip: string; bank: string; amountKobo: bigint } | null;
}

/**
 * The demo's cash desk at a school: four days ago a till balanced and banked the next morning;
 * two days ago one counted ₦2,000 short, with its reason, confirmed by the principal and not yet
 * banked, its difference told to the proprietor and the principal as the app would have. Its
 * payments are the examination fee of students at the end of the alphabet (not the families the
 * demo's sign-ins follow, nor those the browser tests pick). No till is left open: the bursar
 * opens today's.
 */
const DAYS: TillDay[] = [
  {
    daysAgo: 4,
    float: { '1000': 10 },
    takings: 4,
    count: { '1000': 58, '500': 4 },
    reason: null,
    banked: { slip: 'GTB-40211', bank: 'GTBank, Ikeja', amountKobo: 5_000_000n },
  },
  {
    daysAgo: 2,
    float: { '1000': 10 },
    takings: 3,
    count: { '1000': 44, '500': 3 },
    reason: 'Two ₦1,000 notes given out as change in error during the morning rush',
    banked: null,
  },
];

const person = (userId: string) => ({ userId, ip: null, userAgent: null });

/** When the demo's days at the desk begin: the history before them is paid elsewhere, so receipts stay in order. */
export const demoTillDaysBegin = (now: Date) => lagosAt(now, Math.max(...DAYS.map((day) => day.daysAgo)), 0);

/** A Lagos time of day, `daysAgo` days before `now`'s Lagos date. */
function lagosAt(now: Date, daysAgo: number, hour: number, minute = 0) {
  const day = new Date(`${todayIn(LAGOS, now)}T00:00:00+01:00`).getTime() - daysAgo * DAY_MS;
  return new Date(day + hour * HOUR_MS + minute * 60_000);
}

export async function seedDemoTills(tx: DbOrTx, school: SchoolTillSeed, now: Date): Promise<PastAuditEntry[]> {
  const audits: PastAuditEntry[] = [];
  const termId = await defaultTermOf(tx, school.schoolId, todayIn(LAGOS, now));
  const [fee] = termId
    ? await tx
        .select()
        .from(fees)
        .where(and(eq(fees.termId, termId), eq(fees.schoolId, school.schoolId), eq(fees.name, 'Examination fee')))
    : [];
  if (!fee) return audits;
  const students = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, school.schoolId), arrayContains(users.roles, ['Student']), ne(users.lastname, 'Obi')))
    .orderBy(desc(users.lastname), asc(users.id))
    .limit(DAYS.reduce((sum, day) => sum + day.takings, 0));
  const [counter] = await tx
    .select()
    .from(schoolReceiptCounters)
    .where(eq(schoolReceiptCounters.schoolId, school.schoolId));
  let lastNo = counter?.lastNo ?? 0;
  const schoolRow = await tillSchoolOf(tx, school.schoolId);
  const watchers = schoolRow
    ? await tillWatchers(tx, {
        schoolId: school.schoolId,
        groupSchoolId: schoolRow.groupSchoolId,
        proprietors: true,
        principals: true,
      })
    : [];
  const [bursar] = await tx.select().from(users).where(eq(users.id, school.bursarId));

  let next = 0;
  for (const day of DAYS) {
    const openedAt = lagosAt(now, day.daysAgo, 7, 45);
    const [opened] = await tx
      .insert(tillSessions)
      .values({
        schoolId: school.schoolId,
        desk: 'Front desk',
        openedBy: school.bursarId,
        openedAt,
        floatCount: day.float,
        floatKobo: countTotal(day.float),
      })
      .returning();
    const till = opened!;
    audits.push({
      actor: person(school.bursarId),
      at: openedAt,
      entry: {
        action: 'till_session.open',
        entity: 'till_session',
        entityId: till.id,
        schoolId: till.schoolId,
        before: null,
        after: auditView(till),
      },
    });

    let takenKobo = 0n;
    for (let index = 0; index < day.takings; index++) {
      const student = students[next++];
      if (!student) break;
      const paidAt = lagosAt(now, day.daysAgo, 8 + index * 2, 20);
      lastNo += 1;
      const [paid] = await tx
        .insert(payments)
        .values({
          schoolId: school.schoolId,
          feeId: fee.id,
          studentId: student.id,
          amountKobo: fee.amountKobo,
          status: 'success',
          method: 'cash',
          reference: `SL-${paidAt.getTime().toString(36)}-${lastNo}`.toUpperCase(),
          receiptNo: receiptNoValue(school.receiptCode, paidAt, lastNo),
          isInstallment: false,
          initiatedBy: school.bursarId,
          tillSessionId: till.id,
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        })
        .returning();
      audits.push(creditAudit(paid!, school.bursarId));
      takenKobo += paid!.amountKobo;
    }

    const countedKobo = countTotal(day.count);
    const expectedKobo = till.floatKobo + takenKobo;
    const closedAt = lagosAt(now, day.daysAgo, 15, 30);
    const closing = await moveTill(tx, till.id, {
      status: 'closing',
      closedCount: day.count,
      countedKobo,
      expectedKobo,
      varianceKobo: countedKobo - expectedKobo,
      varianceReason: day.reason,
      closedBy: school.bursarId,
      closedAt,
    });
    audits.push(tillAudit('till_session.close', school.bursarId, closedAt, till, closing));
    if (closing.varianceKobo !== 0n && schoolRow && bursar) {
      // What the close would have told the proprietor and the principal, dated when it was counted.
      const notice = tillVarianceNotice({
        till: closing,
        schoolName: schoolRow.name,
        bursarName: `${bursar.firstname} ${bursar.lastname}`,
        // The demo school keeps the default tolerance.
        toleranceKobo: parseNaira(CASH_DESK_DEFAULTS.tillVarianceToleranceNaira) ?? 0n,
      });
      await tx.insert(notifications).values(
        watchers.map((userId) => ({
          userId,
          schoolId: school.schoolId,
          kind: notice.kind,
          type: notice.type,
          title: notice.title,
          message: notice.message,
          actionUrl: notice.actionUrl ?? null,
          metadata: { reason: day.reason, amountKobo: (notice.metadata?.amount ?? 0n).toString() },
          createdAt: closedAt,
        })),
      );
    }

    const confirmedAt = lagosAt(now, day.daysAgo, 16, 10);
    const confirmed = await moveTill(tx, till.id, {
      status: 'closed',
      confirmedBy: school.principalId,
      confirmedAt,
    });
    audits.push(tillAudit('till_session.confirm', school.principalId, confirmedAt, closing, confirmed));

    if (day.banked) {
      const bankedAt = lagosAt(now, day.daysAgo - 1, 10, 30);
      const banked = await moveTill(tx, till.id, {
        status: 'banked',
        depositSlipNo: day.banked.slip,
        bankName: day.banked.bank,
        bankedKobo: day.banked.amountKobo,
        bankedBy: school.bursarId,
        bankedAt,
      });
      audits.push(tillAudit('till_session.bank', school.bursarId, bankedAt, confirmed, banked));
    }
  }
  await tx
    .insert(schoolReceiptCounters)
    .values({ schoolId: school.schoolId, lastNo })
    .onConflictDoUpdate({ target: schoolReceiptCounters.schoolId, set: { lastNo } });
  return audits;
}

/** A step of a till's close, through the triggers that post it to the books. */
async function moveTill(tx: DbOrTx, id: string, values: Partial<typeof tillSessions.$inferInsert>) {
  const [row] = await tx.update(tillSessions).set(values).where(eq(tillSessions.id, id)).returning();
  return row!;
}

function tillAudit(
  action: string,
  userId: string,
  at: Date,
  before: typeof tillSessions.$inferSelect,
  after: typeof tillSessions.$inferSelect,
): PastAuditEntry {
  return {
    actor: person(userId),
    at,
    entry: {
      action,
      entity: 'till_session',
      entityId: after.id,
      schoolId: after.schoolId,
      before: auditView(before),
      after: auditView(after),
    },
  };
}
