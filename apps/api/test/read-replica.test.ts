import { REPORT_IDS, REPORTS, type Role } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type ReadDb } from '../src/db/client.js';
import { payments } from '../src/db/schema.js';
import { useTestApp } from './helper.js';
import { approvedFee, loadPaymentIds, payCash } from './payments-support.js';

const postgres = Boolean(process.env.DATABASE_URL);

describe('the read replica setting', () => {
  it('is refused on the embedded database, with the reason', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica.example.test/schoolledger' })).toThrow(
      /DATABASE_READ_URL: a read replica needs DATABASE_URL; the embedded database has no replicas/,
    );
  });

  it('is taken beside DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary.example.test/schoolledger',
      DATABASE_READ_URL: 'postgres://replica.example.test/schoolledger',
    });
    expect(config.databaseReadUrl).toBe('postgres://replica.example.test/schoolledger');
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
  });
});

/**
 * The app runs with a read database that counts its statements: on PostgreSQL a second,
 * read-only pool to the test database, on PGlite a second handle over the same database.
 */
describe('reads routed to the read replica', () => {
  const reads: string[] = [];
  const primary: string[] = [];
  const t = useTestApp({ onReadQuery: (query) => reads.push(query), onQuery: (query) => primary.push(query) });
  const touchesPayments = (statements: string[]) => statements.filter((query) => query.includes('"payments"'));
  const reset = () => {
    reads.length = 0;
    primary.length = 0;
  };

  async function get(who: string, url: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function preview() {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports/preview',
      headers: await t.as('bursar'),
      payload: { report: 'collections', filters: {} },
    });
    expect(response.statusCode, response.body).toBe(200);
    // The figures; the subtitle ends with the minute it was generated.
    return response.json().data.sections;
  }

  /** A fee of the first school's current term, approved, and a cash payment of it by the demo bursar. */
  async function payCashOn(amount: string) {
    const ids = await loadPaymentIds(t);
    const feeId = await approvedFee(t, ids.school, ids.term, amount);
    reset();
    return payCash(t, ids.student, feeId, amount, 'bursar');
  }

  it('answers a staff dashboard, the payment statistics and a report preview from the read database', async () => {
    await t.as('bursar');
    reset();
    await get('bursar', '/bursar/dashboard');
    expect(touchesPayments(reads).length).toBeGreaterThan(0);
    expect(touchesPayments(primary)).toEqual([]);

    reset();
    await get('bursar', '/payment/stats');
    expect(touchesPayments(reads).length).toBeGreaterThan(0);
    expect(touchesPayments(primary)).toEqual([]);

    reset();
    await preview();
    expect(touchesPayments(reads).length).toBeGreaterThan(0);
    expect(touchesPayments(primary)).toEqual([]);
  });

  it('answers every staff dashboard and statistics call from the read database', async () => {
    const calls: [string, string][] = [
      ['bursar', '/bursar/dashboard'],
      ['bursar', '/payment/all/stats'],
      ['bursar', '/payment/analytics'],
      ['principal', '/principal/dashboard'],
      ['principal', '/principal/staff-management'],
      ['principal', '/principal/academic-overview'],
      ['headteacher', '/headteacher/dashboard'],
      ['proprietor', '/proprietor/dashboard'],
      ['proprietor', '/admin/financial-overview'],
      ['admin', '/admin/dashboard'],
      ['admin', '/admin/user-management'],
      ['admin', '/admin/system-activities'],
      ['auditor', '/auditor/dashboard'],
      ['student', '/student/academic-summary'],
    ];
    for (const [who, url] of calls) {
      await t.as(who);
      reset();
      await get(who, url);
      expect(reads.length, url).toBeGreaterThan(0);
    }
  });

  it('builds every report from the read database', async () => {
    const { school, student } = await loadPaymentIds(t);
    const people: [string, Role][] = [
      ['proprietor', 'Proprietor'],
      ['admin', 'Admin'],
      ['auditor', 'Auditor'],
      ['bursar', 'Bursar'],
    ];
    for (const id of REPORT_IDS) {
      const { roles, filters: takes } = REPORTS[id];
      const [who] = people.find(([, role]) => roles.includes(role))!;
      const filters = {
        ...(takes.includes('schoolId') && { schoolId: school }),
        ...(takes.includes('studentId') && { studentId: student }),
      };
      await t.as(who);
      reset();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports/preview',
        headers: await t.as(who),
        payload: { report: id, filters },
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(200);
      expect(reads.length, id).toBeGreaterThan(0);
    }
  });

  it('takes a cash payment and prints its receipt on the primary alone', async () => {
    const payment = await payCashOn('1500');
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/${payment._id}/receipt`,
      headers: await t.as('bursar'),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="${payment.receiptNo}.pdf"`);
    expect(reads).toEqual([]);
    expect(touchesPayments(primary).length).toBeGreaterThan(0);
  });

  it('shows the same figures from the read database as from the primary, the new payment included', async () => {
    const before = await get('bursar', '/bursar/dashboard');
    await payCashOn('2500.50');

    reset();
    const fromReplica = { dashboard: await get('bursar', '/bursar/dashboard'), preview: await preview() };
    expect(touchesPayments(reads).length).toBeGreaterThan(0);
    const kobo = (naira: number) => Math.round(naira * 100);
    expect(kobo(fromReplica.dashboard.financialStats.totalRevenue)).toBe(
      kobo(before.financialStats.totalRevenue) + 250_050,
    );
    expect(fromReplica.dashboard.recentTransactions[0].amount).toBe(2500.5);

    const replica = t.ctx.readDb;
    t.ctx.readDb = t.ctx.db;
    try {
      reset();
      const fromPrimary = { dashboard: await get('bursar', '/bursar/dashboard'), preview: await preview() };
      expect(reads).toEqual([]);
      expect(fromPrimary).toEqual(fromReplica);
    } finally {
      t.ctx.readDb = replica;
    }
  });

  it("shows the ICT administrator the replica's state", async () => {
    const status = await get('ict', '/ict-admin/system-status');
    // The test's replica is the primary itself, so it answers and is not a standby; the embedded
    // database has no replica at all.
    expect(status.database.replica).toEqual(postgres ? { reachable: true, lagSeconds: null } : null);
    expect(status.database.state).toBe('healthy');
  });

  it.runIf(postgres)('refuses a write that reaches the read pool', async () => {
    // 25006: read_only_sql_transaction, what a standby answers too.
    await expect(t.database.readDb.execute(sql`create table replica_probe (id int)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '25006' }),
    });
    const [row] = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(payments);
    expect(row!.count).toBeGreaterThan(0);
  });

  it.runIf(postgres)('runs every session of both pools without JIT compilation', async () => {
    const jitOf = async (db: typeof t.database.readDb) =>
      ((await db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] }).rows[0]?.jit;
    // Several at once, so more than one connection of each pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => [jitOf(t.ctx.db), jitOf(t.database.readDb)]).flat(),
    );
    expect(answers).toEqual(Array(8).fill('off'));
  });

  it.runIf(postgres)('tells of a replica that does not answer', async () => {
    const unreachable = await openDatabase({ url: t.databaseUrl, readUrl: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      expect(await unreachable.replicaStatus?.()).toEqual({ reachable: false, lagSeconds: null });
    } finally {
      await unreachable.close();
    }
  });

  it('has no way to write through the read handle (checked by `npm run typecheck`)', () => {
    for (const write of ['insert', 'update', 'delete', 'transaction'] as const) {
      expectTypeOf<ReadDb>().not.toHaveProperty(write);
    }
  });
});
