import { adminDashboardSchema, auditorDashboardSchema, financialOverviewSchema, todayIn } from '@schoolledger/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { users } from '../src/db/schema.js';
import { demoEmail, insertUser, login, multipart, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash, setBankTransfer } from './payments-support.js';

describe('admin, ICT and auditor dashboards and the admin overviews', () => {
  const t = useTestApp();
  let ids: PaymentIds;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  async function data<T>(who: string, url: string): Promise<T> {
    const response = await call(t, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  }

  /** Parsed as the web parses it: amounts come back as bigint kobo, so every sum is exact. */
  async function parsed<S extends z.ZodType>(schema: S, who: string, url: string): Promise<z.output<S>> {
    return schema.parse(await data(who, url));
  }

  it('a cash payment moves total revenue and the period revenue by exactly its amount, in the payer school only', async () => {
    const feeId = await approvedFee(t, ids.school, ids.term, '5000');
    const adminBefore = await parsed(adminDashboardSchema, 'admin', '/admin/dashboard');
    const monthBefore = await parsed(financialOverviewSchema, 'admin', '/admin/financial-overview');
    const proprietorBefore = await parsed(
      financialOverviewSchema,
      'proprietor',
      '/admin/financial-overview?period=week',
    );
    const otherSchoolBefore = await parsed(
      financialOverviewSchema,
      'principal2',
      '/admin/financial-overview?period=year',
    );

    await payCash(t, ids.stranger, feeId, '1234.56');

    const adminAfter = await parsed(adminDashboardSchema, 'admin', '/admin/dashboard');
    expect(adminAfter.statistics.totalRevenue - adminBefore.statistics.totalRevenue).toBe(123456n);

    const monthAfter = await parsed(financialOverviewSchema, 'admin', '/admin/financial-overview');
    expect(monthAfter.period).toBe('month');
    expect(monthAfter.revenue - monthBefore.revenue).toBe(123456n);
    expect(monthAfter.transactions - monthBefore.transactions).toBe(1);
    const cashBefore = monthBefore.byMethod.find((share) => share.method === 'cash')!;
    const cashAfter = monthAfter.byMethod.find((share) => share.method === 'cash')!;
    expect(cashAfter.totalAmount - cashBefore.totalAmount).toBe(123456n);
    const today = todayIn('Africa/Lagos', new Date());
    const dayBefore = monthBefore.trend.find((point) => point.key === today)!;
    const dayAfter = monthAfter.trend.find((point) => point.key === today)!;
    expect(dayAfter.amount - dayBefore.amount).toBe(123456n);
    const successBefore = monthBefore.statusBreakdown.find((row) => row.status === 'success')!;
    const successAfter = monthAfter.statusBreakdown.find((row) => row.status === 'success')!;
    expect(successAfter.count - successBefore.count).toBe(1);
    expect(monthAfter.term.collected - monthBefore.term.collected).toBe(123456n);

    const proprietorAfter = await parsed(
      financialOverviewSchema,
      'proprietor',
      '/admin/financial-overview?period=week',
    );
    expect(proprietorAfter.revenue - proprietorBefore.revenue).toBe(123456n);
    expect(proprietorAfter.trend).toHaveLength(7);

    // Wuse's principal sees Wuse only: Ikeja's cash never reaches their figures.
    const otherSchoolAfter = await parsed(
      financialOverviewSchema,
      'principal2',
      '/admin/financial-overview?period=year',
    );
    expect(otherSchoolAfter.revenue).toBe(otherSchoolBefore.revenue);
    expect(otherSchoolAfter.transactions).toBe(otherSchoolBefore.transactions);
    expect(otherSchoolAfter.trendUnit).toBe('month');

    const activities = await data<{ type: string; title: string }[]>('admin', '/admin/system-activities?limit=5');
    expect(activities.length).toBeLessThanOrEqual(5);
    expect(activities.some((row) => row.type === 'payment' && /cash payment/.test(row.title))).toBe(true);
    expect(adminAfter.recentActivities.length).toBeLessThanOrEqual(5);
  });

  it('a bank transfer claim raises pending payments by one', async () => {
    await setBankTransfer(t, ids.school, true);
    const feeId = await approvedFee(t, ids.school, ids.term, '800');
    const before = await parsed(adminDashboardSchema, 'admin', '/admin/dashboard');
    const body = await multipart({
      amount: '300',
      fee_id: feeId,
      transfer_date: todayIn('Africa/Lagos', new Date()),
      bank_reference: 'GTB-DASH-1',
    });
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: { ...(await t.as('student')), ...body.headers },
      payload: body.payload,
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const after = await parsed(adminDashboardSchema, 'admin', '/admin/dashboard');
    expect(after.statistics.pendingPayments - before.statistics.pendingPayments).toBe(1);
    expect(after.statistics.pendingTransfers - before.statistics.pendingTransfers).toBe(1);
    expect(after.statistics.totalRevenue).toBe(before.statistics.totalRevenue);
  });

  it("a failed sign-in raises the auditor's failed sign-ins; another school's does not", async () => {
    const before = await parsed(auditorDashboardSchema, 'auditor', '/auditor/dashboard');
    const failed = await login(t, demoEmail('headteacher'), 'not-the-password');
    expect(failed.statusCode).toBe(401);
    const afterOwn = await parsed(auditorDashboardSchema, 'auditor', '/auditor/dashboard');
    expect(afterOwn.security.failedSignIns24h - before.security.failedSignIns24h).toBe(1);
    expect(afterOwn.security.failedSignIns30d - before.security.failedSignIns30d).toBe(1);
    expect(afterOwn.auditEntries.total).toBeGreaterThan(before.auditEntries.total);
    expect(afterOwn.recentAudit[0]?.action).toBe('auth.login_failed');
    expect(afterOwn.reconciliation.how).toMatch(/Open payment reviews/);

    const wrongSchool = await login(t, demoEmail('principal2'), 'not-the-password');
    expect(wrongSchool.statusCode).toBe(401);
    const afterOther = await parsed(auditorDashboardSchema, 'auditor', '/auditor/dashboard');
    expect(afterOther.security.failedSignIns24h).toBe(afterOwn.security.failedSignIns24h);
  });

  it("a lockout shows on the ICT dashboard, in user management and on the auditor's security figures", async () => {
    const before = await parsed(auditorDashboardSchema, 'auditor', '/auditor/dashboard');
    const peopleBefore = await data<{ lockedOut: number }>('admin', '/admin/user-management');
    const person = await insertUser(t, { email: `locked-${Date.now()}@example.test`, roles: ['Bursar'] });
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 423; attempt++) {
      status = (await login(t, person.email, 'wrong-password')).statusCode;
    }
    expect(status).toBe(423);

    const ict = await data<{ lockedOutCount: number; lockedOut: { id: string }[] }>('ict', '/ict-admin/dashboard');
    expect(ict.lockedOut.map((row) => row.id)).toContain(person.id);
    const peopleAfter = await data<{ lockedOut: number }>('admin', '/admin/user-management');
    expect(peopleAfter.lockedOut - peopleBefore.lockedOut).toBe(1);
    const after = await parsed(auditorDashboardSchema, 'auditor', '/auditor/dashboard');
    expect(after.security.lockouts30d - before.security.lockouts30d).toBe(1);
    expect(after.security.lockedOutNow - before.security.lockedOutNow).toBe(1);
    expect(after.criticalIssues.critical - before.criticalIssues.critical).toBe(1);
    expect(after.criticalIssues.entries.map((entry) => entry.action)).toContain('auth.lockout');
  });

  it('user management counts every live person by role and status, and the overviews report real figures', async () => {
    const newcomer = await insertUser(t, { email: `new-${Date.now()}@example.test`, roles: ['Auditor', 'Bursar'] });
    const people = await data<{
      totalUsers: number;
      byRole: { key: string; count: number }[];
      byStatus: { key: string; count: number }[];
      newThisMonth: number;
      neverSignedIn: number;
    }>('admin', '/admin/user-management');
    // Counted here from the rows themselves: the super-admin's scope is every live person.
    const live = (await t.ctx.db.select().from(users)).filter((person) => person.deletedAt === null);
    const tally = (keys: string[]) => {
      const counts = new Map<string, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => a.key.localeCompare(b.key));
    };
    const byKey = (rows: { key: string; count: number }[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));
    const monthStart = new Date(`${todayIn().slice(0, 8)}01T00:00:00+01:00`);
    expect(people.totalUsers).toBe(live.length);
    expect(byKey(people.byRole)).toEqual(tally(live.flatMap((person) => person.roles)));
    expect(byKey(people.byStatus)).toEqual(tally(live.map((person) => person.status)));
    expect(people.newThisMonth).toBe(live.filter((person) => person.createdAt >= monthStart).length);
    expect(people.newThisMonth).toBeGreaterThanOrEqual(1);
    expect(people.neverSignedIn).toBe(live.filter((person) => person.lastLogin === null).length);
    expect(live.map((person) => person.id)).toContain(newcomer.id);

    // A sign-in of today, in Lagos, whatever the hour the file began (the ones above may be from before midnight).
    expect((await login(t, demoEmail('ict'))).statusCode).toBe(200);
    const overview = await data<{
      storage: { usedPercent: number | null; freeBytes: number | null };
      activeUsers: { last15Minutes: number; today: number };
      database: { state: string };
    }>('ict', '/admin/system-overview');
    expect(overview.database.state).toBe('healthy');
    expect(overview.activeUsers.last15Minutes).toBeGreaterThanOrEqual(1);
    expect(overview.activeUsers.today).toBeGreaterThanOrEqual(1);
    // This machine's disk is measurable, so the overview says how full it is.
    expect(overview.storage.freeBytes).toBeGreaterThan(0);
    expect(overview.storage.usedPercent).toBeGreaterThan(0);

    const ict = await data<{ technicalActivities: { type: string }[] }>('ict', '/ict-admin/dashboard');
    expect(ict.technicalActivities.length).toBeGreaterThan(0);
  });

  it('answers 422 to a bad period or limit and 403 to roles without the dashboard', async () => {
    for (const url of [
      '/admin/financial-overview?period=decade',
      '/admin/financial-overview?period=0',
      '/admin/financial-overview?period=367',
      '/admin/system-activities?limit=51',
      '/admin/system-activities?limit=0',
      '/admin/system-activities?limit=abc',
    ]) {
      const response = await call(t, 'admin', 'GET', url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().success).toBe(false);
    }
    expect((await call(t, 'bursar', 'GET', '/admin/dashboard')).statusCode).toBe(403);
    expect((await call(t, 'bursar', 'GET', '/admin/system-overview')).statusCode).toBe(403);
    expect((await call(t, 'student', 'GET', '/admin/financial-overview')).statusCode).toBe(403);
    expect((await call(t, 'admin', 'GET', '/auditor/dashboard')).statusCode).toBe(403);
    expect((await call(t, 'bursar', 'GET', '/ict-admin/dashboard')).statusCode).toBe(403);
  });
});
