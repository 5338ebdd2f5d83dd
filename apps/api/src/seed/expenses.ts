import {
  addDays,
  budgetThresholdReached,
  type ExpenseCategory,
  type ExpenseStatus,
  nubanCheckDigit,
  type PayoutMethod,
  statusAfterPayouts,
  todayIn,
} from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { budgets, expenseEvents, expensePayouts, expensePolicies, expenses, terms, vendors } from '../db/schema.js';
import type { PastAuditEntry } from '../modules/audit/audit.queries.js';
import { payoutAuditEntry } from '../modules/expenses/expense-payouts.service.js';
import { type ExpenseRecord, nextExpenseNumber } from '../modules/expenses/expenses.queries.js';
import { expenseAuditEntry, formatReference } from '../modules/expenses/expenses.service.js';
import { defaultTermOf } from '../modules/fees/fees.queries.js';
import { expenseAudit } from './audit.js';

export interface SchoolExpensesSeed {
  schoolId: string;
  /** Who records and pays, who approves, and who approves above the threshold. */
  bursarId: string;
  approverId: string;
  proprietorId: string;
}

const nuban = (bank: string, serial: string) => `${serial}${nubanCheckDigit(bank, serial)}`;

const VENDORS = [
  { key: 'power', name: 'Ikeja Electric', bankCode: '058', bankName: 'Guaranty Trust Bank', serial: '013579246' },
  { key: 'office', name: 'Prime Office Supplies', bankCode: '057', bankName: 'Zenith Bank', serial: '102938475' },
  { key: 'works', name: 'Adeyemi & Sons Builders', bankCode: '044', bankName: 'Access Bank', serial: '069284731' },
] as const;
type VendorKey = (typeof VENDORS)[number]['key'];

interface DemoExpense {
  title: string;
  category: ExpenseCategory;
  amountKobo: bigint;
  vendor?: VendorKey;
  payeeName?: string;
  status: ExpenseStatus;
  /** Payouts as days before today, with their amount. */
  payouts?: { daysAgo: number; amountKobo: bigint; method: PayoutMethod; reference: string | null }[];
  needsProprietor?: boolean;
}

/** The first school's term so far: bills paid, one large repair half paid, a request waiting, a draft. */
const FIRST_SCHOOL: DemoExpense[] = [
  {
    title: 'Electricity bill, last month',
    category: 'utilities',
    amountKobo: 18_500_000n,
    vendor: 'power',
    status: 'paid',
    payouts: [{ daysAgo: 6, amountKobo: 18_500_000n, method: 'bank_transfer', reference: 'GTB-TRF-558120' }],
  },
  {
    title: 'Printer toner and A4 paper',
    category: 'consumables',
    amountKobo: 21_250_000n,
    vendor: 'office',
    status: 'paid',
    payouts: [{ daysAgo: 4, amountKobo: 21_250_000n, method: 'cheque', reference: 'CHQ 000417' }],
  },
  {
    title: 'Roof repair, Block B',
    category: 'facilities_maintenance',
    amountKobo: 65_000_000n,
    vendor: 'works',
    status: 'partially_paid',
    needsProprietor: true,
    payouts: [{ daysAgo: 3, amountKobo: 30_000_000n, method: 'bank_transfer', reference: 'ACC-TRF-771045' }],
  },
  {
    title: 'Inter-house sports day',
    category: 'student_activities',
    amountKobo: 12_000_000n,
    payeeName: 'Sports committee (Mr. Okafor)',
    status: 'pending_approval',
  },
  {
    title: 'Library books for SS 2 literature',
    category: 'academic_resources',
    amountKobo: 9_500_000n,
    payeeName: 'Laterna Bookshop, Ikeja',
    status: 'draft',
  },
];

const SECOND_SCHOOL: DemoExpense[] = [
  {
    title: 'Diesel for the generator',
    category: 'utilities',
    amountKobo: 14_000_000n,
    payeeName: 'Wuse fuel station',
    status: 'paid',
    payouts: [{ daysAgo: 5, amountKobo: 14_000_000n, method: 'cash', reference: null }],
  },
];

/** What the first school means to spend this term, so the budgets screen has something to measure. */
const FIRST_SCHOOL_BUDGETS: { category: ExpenseCategory; amountKobo: bigint }[] = [
  { category: 'utilities', amountKobo: 60_000_000n },
  { category: 'consumables', amountKobo: 25_000_000n },
  { category: 'facilities_maintenance', amountKobo: 80_000_000n },
  { category: 'academic_resources', amountKobo: 30_000_000n },
];

const paidIn = (list: DemoExpense[], category: ExpenseCategory) =>
  list
    .filter((demo) => demo.category === category)
    .flatMap((demo) => demo.payouts ?? [])
    .reduce((sum, payout) => sum + payout.amountKobo, 0n);

/**
 * The demo group's vendors and this term's expenses in each state, with payouts and vouchers, a
 * proprietor's threshold of ₦500,000 and budgets in the first school: the Expenses screens, the
 * income and expenditure statement and the dashboards open on something real. Returns the audit
 * entries the app would have written for each expense's steps and payouts, for the caller to write
 * with the rest of the demo's history.
 */
export async function seedDemoExpenses(
  tx: DbOrTx,
  groupSchoolId: string,
  [first, second]: [SchoolExpensesSeed, SchoolExpensesSeed],
  now: Date,
): Promise<PastAuditEntry[]> {
  const audits: PastAuditEntry[] = [];
  const today = todayIn('Africa/Lagos', now);
  const vendorRows = await tx
    .insert(vendors)
    .values(
      VENDORS.map((vendor) => ({
        groupSchoolId,
        name: vendor.name,
        bankCode: vendor.bankCode,
        bankName: vendor.bankName,
        accountNumber: nuban(vendor.bankCode, vendor.serial),
        accountName: vendor.name,
        createdBy: first.bursarId,
      })),
    )
    .returning();
  const vendorOf = (key: VendorKey) => {
    const name = VENDORS.find((vendor) => vendor.key === key)!.name;
    return vendorRows.find((row) => row.name === name)!;
  };
  await tx.insert(expensePolicies).values({
    schoolId: first.schoolId,
    proprietorAboveKobo: 50_000_000n,
    updatedBy: first.proprietorId,
  });

  for (const [school, list] of [
    [first, FIRST_SCHOOL],
    [second, SECOND_SCHOOL],
  ] as const) {
    const termId = await defaultTermOf(tx, school.schoolId, today);
    if (!termId) continue;
    const [term] = await tx.select().from(terms).where(eq(terms.id, termId));
    if (!term) continue;
    // Payouts fall inside the term even when it started only days ago.
    const dayOf = (daysAgo: number) => {
      const day = addDays(today, -daysAgo);
      return day < term.startDate ? term.startDate : day;
    };
    // A time of one of those days in Lagos, never later than now (a term that started this morning).
    const at = (day: string, time: string) => {
      const moment = new Date(`${day}T${time}:00+01:00`);
      return moment < now ? moment : now;
    };
    for (const demo of list) {
      const reference = formatReference('EXP', await nextExpenseNumber(tx, school.schoolId, 'expense'));
      const decided = !['draft', 'pending_approval'].includes(demo.status);
      const submitted = demo.status !== 'draft';
      const approverId = demo.needsProprietor ? school.proprietorId : school.approverId;
      const paidKobo = (demo.payouts ?? []).reduce((sum, payout) => sum + payout.amountKobo, 0n);
      const vendor = demo.vendor ? vendorOf(demo.vendor) : null;
      // An approved expense pays the account approved with it, as the app fixes at approval.
      const account =
        vendor && decided
          ? {
              payeeBankCode: vendor.bankCode,
              payeeBankName: vendor.bankName,
              payeeAccountNumber: vendor.accountNumber,
              payeeAccountName: vendor.accountName,
            }
          : {};
      const payeeName = vendor?.name ?? demo.payeeName!;
      // Recorded and submitted in the morning, approved within the hour, paid out afterwards.
      const created = at(dayOf(10), '09:00');
      const submittedAt = at(dayOf(10), '09:15');
      const decidedAt = at(dayOf(10), '10:00');
      const [row] = await tx
        .insert(expenses)
        .values({
          schoolId: school.schoolId,
          sessionId: term.sessionId,
          termId,
          reference,
          title: demo.title,
          category: demo.category,
          amountKobo: demo.amountKobo,
          paidKobo,
          payeeKind: vendor ? 'vendor' : 'other',
          vendorId: vendor?.id ?? null,
          payeeName,
          ...account,
          status: demo.status,
          needsProprietor: demo.needsProprietor ?? false,
          createdBy: school.bursarId,
          submittedBy: submitted ? school.bursarId : null,
          submittedAt: submitted ? submittedAt : null,
          decidedBy: decided ? approverId : null,
          decidedAt: decided ? decidedAt : null,
          createdAt: created,
        })
        .returning();
      const expense = row!;
      // The request as each step left it, for the trail's before and after.
      const draft: ExpenseRecord = {
        ...expense,
        status: 'draft',
        paidKobo: 0n,
        needsProprietor: false,
        payeeBankCode: null,
        payeeBankName: null,
        payeeAccountNumber: null,
        payeeAccountName: null,
        submittedBy: null,
        submittedAt: null,
        decidedBy: null,
        decidedAt: null,
      };
      const waiting: ExpenseRecord = {
        ...draft,
        status: 'pending_approval',
        needsProprietor: expense.needsProprietor,
        submittedBy: expense.submittedBy,
        submittedAt: expense.submittedAt,
      };
      const approved: ExpenseRecord = { ...expense, status: 'approved', paidKobo: 0n };
      const of = { expenseId: expense.id, schoolId: school.schoolId };
      const events: (typeof expenseEvents.$inferInsert)[] = [
        { ...of, action: 'create', toStatus: 'draft', actorId: school.bursarId, createdAt: created },
      ];
      audits.push(expenseAudit(school.bursarId, created, expenseAuditEntry('create', null, draft)));
      if (submitted) {
        events.push({
          ...of,
          action: 'submit',
          fromStatus: 'draft',
          toStatus: 'pending_approval',
          actorId: school.bursarId,
          createdAt: submittedAt,
        });
        audits.push(expenseAudit(school.bursarId, submittedAt, expenseAuditEntry('submit', draft, waiting)));
      }
      if (decided) {
        events.push({
          ...of,
          action: 'approve',
          fromStatus: 'pending_approval',
          toStatus: 'approved',
          actorId: approverId,
          createdAt: decidedAt,
        });
        audits.push(expenseAudit(approverId, decidedAt, expenseAuditEntry('approve', waiting, approved)));
      }
      await tx.insert(expenseEvents).values(events);
      let before = approved;
      for (const payout of demo.payouts ?? []) {
        const voucherNo = formatReference('PV', await nextExpenseNumber(tx, school.schoolId, 'voucher'));
        const paidAt = at(dayOf(payout.daysAgo), '11:00');
        const paidSoFar = before.paidKobo + payout.amountKobo;
        const after: ExpenseRecord = {
          ...before,
          paidKobo: paidSoFar,
          status: statusAfterPayouts(demo.amountKobo, paidSoFar),
        };
        await tx.insert(expenseEvents).values({
          ...of,
          action: 'payout',
          fromStatus: before.status,
          toStatus: after.status,
          note: voucherNo,
          actorId: school.bursarId,
          createdAt: paidAt,
        });
        const [paid] = await tx
          .insert(expensePayouts)
          .values({
            ...of,
            voucherNo,
            amountKobo: payout.amountKobo,
            method: payout.method,
            reference: payout.reference,
            paidOn: dayOf(payout.daysAgo),
            payeeName,
            ...account,
            createdBy: school.bursarId,
            createdAt: paidAt,
          })
          .returning();
        audits.push(expenseAudit(school.bursarId, paidAt, payoutAuditEntry(paid!, before, after)));
        before = after;
      }
    }
    if (school === first) {
      await tx.insert(budgets).values(
        FIRST_SCHOOL_BUDGETS.map((budget) => ({
          schoolId: school.schoolId,
          termId,
          category: budget.category,
          amountKobo: budget.amountKobo,
          // As if the alerts had gone out when the payouts were made.
          alertedPercent: budgetThresholdReached(budget.amountKobo, paidIn(list, budget.category)),
          createdBy: school.bursarId,
          updatedBy: school.bursarId,
        })),
      );
    }
  }
  return audits;
}
