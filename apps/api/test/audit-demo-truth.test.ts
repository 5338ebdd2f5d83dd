import { todayIn } from '@schoolledger/domain';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs, expensePayouts, expenses, fees, payments, schools, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';
import { call } from './payments-support.js';

interface TrailEntry {
  id: string;
  action: string;
  module: string;
  severity: string;
  summary: string;
}

/** A naira amount as the app prints it: ₦185,000.00. */
const NAIRA = '₦\\d{1,3}(?:,\\d{3})*\\.\\d{2}';

describe('the demo’s audit trail tells its history as the app writes it', () => {
  const t = useTestApp({ seed: { history: true } });
  const ids = { school: '', bursar: '', principal: '', proprietor: '' };
  /** A cash payment Adaeze took at Ikeja's desk last session. */
  let cash: typeof payments.$inferSelect;

  const trail = async (who: string, query: string) => {
    const response = await call(t, who, 'GET', `/audit/logs?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.entries as TrailEntry[];
  };

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    const person = async (name: string) =>
      (
        await t.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, demoEmail(name)))
      )[0]!.id;
    ids.bursar = await person('bursar');
    ids.principal = await person('principal');
    ids.proprietor = await person('proprietor');
    const [first] = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.schoolId, ids.school), eq(payments.method, 'cash'), isNotNull(payments.receiptNo)))
      .orderBy(asc(payments.paidAt))
      .limit(1);
    cash = first!;
  });

  it('every payment of the past year has the one credit entry its way of paying writes, dated when it was paid', async () => {
    const [counts] = await rowsOf<{ credited: number; audited: number; unaudited: number }>(
      t.ctx.db,
      sql`select
        (select count(*)::int from payments where receipt_no is not null) as credited,
        (select count(*)::int from audit_logs where action = 'payment.credit') as audited,
        (select count(*)::int from payments p where p.receipt_no is not null and not exists (
          select 1 from audit_logs a where a.action = 'payment.credit' and a.entity_id = p.id and a.created_at = p.paid_at
        )) as unaudited`,
    );
    expect(counts!.credited).toBeGreaterThan(1000);
    expect(counts).toMatchObject({ audited: counts!.credited, unaudited: 0 });

    const [entry] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'payment.credit'), eq(auditLogs.entityId, cash.id)));
    expect(entry).toMatchObject({
      actorId: ids.bursar,
      schoolId: ids.school,
      category: 'financial',
      severity: 'medium',
      createdAt: cash.paidAt,
      before: null,
      after: {
        status: 'success',
        amountKobo: cash.amountKobo.toString(),
        method: 'cash',
        receiptNo: cash.receiptNo,
        source: 'cash_desk',
        reference: cash.reference,
      },
    });
    // Online payments were credited by the provider's webhook: no person.
    const [online] = await rowsOf<{ actorId: string | null; source: string }>(
      t.ctx.db,
      sql`select a.actor_id as "actorId", a.after ->> 'source' as source from audit_logs a
        join payments p on p.id = a.entity_id where a.action = 'payment.credit' and p.method = 'paystack' limit 1`,
    );
    expect(online).toEqual({ actorId: null, source: 'webhook' });
  });

  it('every approved fee, this term’s and last session’s, has its approval entry by its approver when approved', async () => {
    const approved = await t.ctx.db.select().from(fees).where(eq(fees.status, 'approved'));
    expect(approved.length).toBeGreaterThan(10);
    const approvals = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'fee'), eq(auditLogs.action, 'approve')));
    expect(
      approvals
        .map((row) => ({ fee: row.entityId, by: row.actorId, at: row.createdAt.toISOString() }))
        .sort((a, b) => a.fee!.localeCompare(b.fee!)),
    ).toEqual(
      approved
        .map((fee) => ({ fee: fee.id, by: fee.approvedBy, at: fee.approvedAt!.toISOString() }))
        .sort((a, b) => a.fee.localeCompare(b.fee)),
    );
    // This term's tuition at Ikeja, as the principal sees it in the trail.
    const [tuition] = approved.filter((fee) => fee.schoolId === ids.school && fee.name === 'JSS Tuition').slice(-1);
    const entries = await trail('auditor', `module=fee&userId=${ids.principal}&limit=100`);
    expect(entries.filter((entry) => entry.summary === 'Principal Ibrahim approved a fee of ₦185,000.00')).not.toEqual(
      [],
    );
    const created = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'fee'), eq(auditLogs.action, 'create'), eq(auditLogs.entityId, tuition!.id)));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorId: ids.bursar, after: { status: 'pending', name: 'JSS Tuition' } });
  });

  it('every expense has its entries: recorded, submitted, approved by its approver when approved, and each payout', async () => {
    const seeded = await t.ctx.db.select().from(expenses);
    const vouchers = await t.ctx.db.select().from(expensePayouts);
    const entries = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.entity, ['expense', 'expense_payout']));
    type Step = { id: string | null; by: string | null; at: string | undefined; school: string };
    const byId = (a: Step, b: Step) => a.id!.localeCompare(b.id!);
    const logged = (action: string) =>
      entries
        .filter((entry) => entry.action === action)
        .map((entry) => ({
          id: entry.entityId,
          by: entry.actorId,
          at: entry.createdAt.toISOString(),
          school: entry.schoolId!,
        }))
        .sort(byId);
    const step = (id: string, by: string | null, at: Date | null, school: string): Step => ({
      id,
      by,
      at: at?.toISOString(),
      school,
    });

    expect(seeded.length).toBeGreaterThan(4);
    expect(logged('expense.create')).toEqual(
      seeded.map((row) => step(row.id, row.createdBy, row.createdAt, row.schoolId)).sort(byId),
    );
    const submitted = seeded.filter((row) => row.status !== 'draft');
    expect(logged('expense.submit')).toEqual(
      submitted.map((row) => step(row.id, row.submittedBy, row.submittedAt, row.schoolId)).sort(byId),
    );
    const approved = seeded.filter((row) => ['approved', 'partially_paid', 'paid'].includes(row.status));
    expect(approved.length).toBeGreaterThan(2);
    expect(logged('expense.approve')).toEqual(
      approved.map((row) => step(row.id, row.decidedBy, row.decidedAt, row.schoolId)).sort(byId),
    );
    expect(vouchers.length).toBeGreaterThan(2);
    expect(logged('expense_payout.create')).toEqual(
      vouchers.map((payout) => step(payout.id, payout.createdBy, payout.createdAt, payout.schoolId)).sort(byId),
    );
    // Each payout's entry is dated on the day its voucher says it was paid, not before its approval.
    for (const payout of vouchers) {
      const entry = entries.find((candidate) => candidate.entityId === payout.id)!;
      const expense = seeded.find((row) => row.id === payout.expenseId)!;
      expect(todayIn('Africa/Lagos', entry.createdAt)).toBe(payout.paidOn);
      expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(expense.decidedAt!.getTime());
    }

    // The roof repair, above the school's threshold: the proprietor approved it, then half was paid.
    const roof = seeded.find((row) => row.title === 'Roof repair, Block B')!;
    const approval = entries.find((entry) => entry.action === 'expense.approve' && entry.entityId === roof.id);
    expect(approval).toMatchObject({
      actorId: ids.proprietor,
      category: 'financial',
      before: { status: 'pending_approval', needsProprietor: true, payeeAccountNumber: null },
      after: {
        status: 'approved',
        amountKobo: '65000000',
        paidKobo: '0',
        payeeAccountNumber: roof.payeeAccountNumber,
      },
    });
    const payout = vouchers.find((row) => row.expenseId === roof.id)!;
    expect(entries.find((entry) => entry.entityId === payout.id)).toMatchObject({
      actorId: ids.bursar,
      before: { status: 'approved', paidKobo: '0' },
      after: {
        voucherNo: payout.voucherNo,
        amountKobo: '30000000',
        expense: { status: 'partially_paid', paidKobo: '30000000' },
      },
    });
    const trailed = await trail('auditor', `userId=${ids.proprietor}&limit=100`);
    expect(trailed.filter((entry) => entry.action === 'expense.approve').map((entry) => entry.summary)).toEqual([
      expect.stringMatching(/ approved an expense of ₦650,000\.00$/),
    ]);
  });

  it('writes every school’s trail oldest first', async () => {
    const [backwards] = await rowsOf<{ count: number }>(
      t.ctx.db,
      sql`select count(*)::int as count from audit_logs a
        join audit_logs b on b.chain = a.chain and b.seq = a.seq + 1
        where b.created_at < a.created_at`,
    );
    expect(backwards).toEqual({ count: 0 });
  });

  it('keeps every hash chain intact', async () => {
    const response = await call(t, 'auditor', 'GET', '/audit/verify');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.valid).toBe(true);
  });

  it('tells a payment and a receipt download in English sentences with naira, and details in naira', async () => {
    const download = await call(t, 'bursar', 'GET', `/payment/${cash.id}/receipt`);
    expect(download.statusCode, download.body).toBe(200);
    const entries = await trail('auditor', `search=${cash.receiptNo}`);
    expect(entries.map((entry) => entry.summary)).toEqual([
      `Bursar Adaeze downloaded receipt ${cash.receiptNo}`,
      expect.stringMatching(
        new RegExp(`^Bursar Adaeze recorded a cash payment of ${NAIRA}, receipt ${cash.receiptNo}$`),
      ),
    ]);
    expect(cash.receiptNo).toMatch(/^CVC-\d{4}-\d{6}$/);

    const credit = entries.find((entry) => entry.action === 'payment.credit')!;
    const detail = await call(t, 'auditor', 'GET', `/audit/logs/${credit.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const after = detail.json().data.after as Record<string, unknown>;
    expect(after.amount).toMatch(new RegExp(`^${NAIRA}$`));
    expect(after).not.toHaveProperty('amountKobo');
  });

  it('files routine report exports as low, not high or critical', async () => {
    const run = await call(t, 'bursar', 'POST', '/reports/runs', { report: 'collections', format: 'csv', filters: {} });
    expect(run.statusCode, run.body).toBe(202);
    const auditReport = await call(t, 'auditor', 'POST', '/audit/generate-report', {
      kind: 'financial',
      format: 'csv',
    });
    expect(auditReport.statusCode, auditReport.body).toBe(200);
    const exports = await trail('auditor', 'limit=100');
    const reported = exports.filter((entry) => entry.action === 'export');
    expect(reported.map((entry) => [entry.module, entry.severity]).sort()).toEqual([
      ['audit_report', 'low'],
      ['report', 'low'],
    ]);
    expect(reported.map((entry) => entry.summary).sort()).toEqual([
      'Auditor Tunde exported an audit report',
      'Bursar Adaeze exported a report',
    ]);
  });
});
