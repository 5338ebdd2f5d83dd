import { addDays, financialOverviewSchema, todayIn } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { notify } from '../src/modules/notifications/notifications.service.js';
import { aSchool } from './builders.js';
import { demoEmail, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/*
 * The earlier product's own web client, run against this API: each call below is made exactly as
 * its services make it (path, query, body), and what it reads or maps over is what is asserted.
 */
describe("SPEC §7's own client", () => {
  const t = useTestApp();
  let ids: PaymentIds;

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
  });

  async function idOf(name: string) {
    const [row] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail(name)));
    return row!.id;
  }

  async function data<T>(who: string, url: string): Promise<T> {
    const response = await call(t, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as T;
  }

  describe('notifications: GET /notification/all?limit=20[&unread_only=true]', () => {
    it('is the list of my own notices, newest first, and the unread ones alone when asked', async () => {
      const bursar = await idOf('bursar');
      for (const title of ['Transfer claim waiting', 'Cash credited', 'Dispute opened']) {
        await t.ctx.db.transaction((tx) =>
          notify(tx, t.ctx, [bursar], { kind: 'system', type: 'info', title, message: `${title}.` }),
        );
      }
      // Another school's principal has a notice of their own; it is never on the bursar's list.
      const wusePrincipal = await idOf('principal2');
      await t.ctx.db.transaction((tx) =>
        notify(tx, t.ctx, [wusePrincipal], { kind: 'system', type: 'info', title: 'Wuse only', message: 'For Wuse.' }),
      );

      const all = await data<{ _id: string; title: string; read: boolean }[]>('bursar', '/notification/all?limit=20');
      expect(Array.isArray(all)).toBe(true);
      const titles = all.map((notice) => notice.title);
      expect(titles.slice(0, 3)).toEqual(['Dispute opened', 'Cash credited', 'Transfer claim waiting']);
      expect(titles).not.toContain('Wuse only');

      const first = all.find((notice) => notice.title === 'Cash credited')!;
      expect((await call(t, 'bursar', 'POST', `/notification/${first._id}/mark-read`)).statusCode).toBe(200);
      const unread = await data<{ title: string; read: boolean }[]>(
        'bursar',
        '/notification/all?limit=20&unread_only=true',
      );
      expect(unread.map((notice) => notice.title)).toEqual(
        expect.arrayContaining(['Dispute opened', 'Transfer claim waiting']),
      );
      expect(unread.map((notice) => notice.title)).not.toContain('Cash credited');
      expect(unread.length).toBeGreaterThan(0);
      expect(unread.filter((notice) => notice.read)).toEqual([]);

      expect((await data<unknown[]>('bursar', '/notification/all?limit=2')).length).toBe(2);
      expect((await data<{ title: string }[]>('principal2', '/notification/all?limit=20')).map((n) => n.title)).toEqual(
        ['Wuse only'],
      );
    });
  });

  describe('GET /admin/financial-overview?period=30', () => {
    it('covers the last 30 days day by day, and counts cash of the caller schools only', async () => {
      const today = todayIn('Africa/Lagos', new Date());
      const overview = (who: string, period: string) =>
        data(who, `/admin/financial-overview?period=${period}`).then((body) => financialOverviewSchema.parse(body));

      const ikejaBefore = await overview('principal', '30');
      expect(ikejaBefore).toMatchObject({ period: 30, from: addDays(today, -29), to: today, trendUnit: 'day' });
      expect(ikejaBefore.previousTo).toBe(addDays(today, -30));
      expect(ikejaBefore.trend.map((point) => point.key)).toHaveLength(30);
      const wuseBefore = await overview('principal2', '30');

      const feeId = await approvedFee(t, ids.school, ids.term, '4000');
      await payCash(t, ids.stranger, feeId, '2500');

      const ikejaAfter = await overview('principal', '30');
      expect(ikejaAfter.revenue - ikejaBefore.revenue).toBe(250000n);
      expect(ikejaAfter.transactions - ikejaBefore.transactions).toBe(1);
      const wuseAfter = await overview('principal2', '30');
      expect(wuseAfter.revenue).toBe(wuseBefore.revenue);
      expect(wuseAfter.transactions).toBe(wuseBefore.transactions);

      for (const period of ['week', 'month', 'quarter', 'year'] as const) {
        expect((await overview('admin', period)).period).toBe(period);
      }
      expect((await overview('admin', '365')).trendUnit).toBe('month');
      expect((await call(t, 'admin', 'GET', '/admin/financial-overview?period=0')).statusCode).toBe(422);
    });
  });

  describe("POST /address/create with a student's address", () => {
    it("keeps street, city, state, country and postal code as the caller school's address", async () => {
      const created = await call(t, 'principal', 'POST', '/address/create', {
        street: '14 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        postalCode: '100271',
      });
      expect(created.statusCode, created.body).toBe(200);
      const address = created.json().data;
      expect(address).toMatchObject({
        street: '14 Allen Avenue',
        town: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '100271',
      });

      expect((await data<{ town: string }>('principal', `/address/${address._id}`)).town).toBe('Ikeja');
      // Another school's principal does not find it, by id or in their list.
      expect((await call(t, 'principal2', 'GET', `/address/${address._id}`)).statusCode).toBe(404);
      const wuse = await data<{ _id: string }[]>('principal2', '/address/all');
      expect(wuse.map((row) => row._id)).not.toContain(address._id);

      const noPostalCode = await call(t, 'principal', 'POST', '/address/create', {
        street: '3 Awolowo Way',
        city: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
      });
      expect(noPostalCode.statusCode, noPostalCode.body).toBe(200);
      expect(noPostalCode.json().data).toMatchObject({ town: 'Ikeja', zip_code: '' });
    });

    it("still takes a school's address, and names what is missing from either", async () => {
      const school = await call(t, 'principal', 'POST', '/address/create', {
        street: 'Allen Avenue',
        street_no: '12',
        town: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '100271',
      });
      expect(school.statusCode, school.body).toBe(200);
      expect(school.json().data).toMatchObject({ street_no: '12', town: 'Ikeja' });

      const noCity = await call(t, 'principal', 'POST', '/address/create', {
        street: '14 Allen Avenue',
        city: '',
        state: 'Lagos',
        country: 'Nigeria',
      });
      expect(noCity.statusCode).toBe(422);
      expect(noCity.json().message).toBe('City is required');
      const nothing = await call(t, 'principal', 'POST', '/address/create', {});
      expect(nothing.statusCode).toBe(422);
      expect(nothing.json().message).toBe('Street is required');
      const noTown = await call(t, 'principal', 'POST', '/address/create', {
        street: 'Allen Avenue',
        street_no: '12',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '100271',
      });
      expect(noTown.statusCode).toBe(422);
      expect(noTown.json().message).toBe('Town is required');

      const elsewhere = await call(t, 'principal', 'POST', '/address/create', {
        street: '14 Allen Avenue',
        city: 'Abuja',
        state: 'FCT',
        country: 'Nigeria',
        school_id: ids.secondSchool,
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  describe('GET /payment/available-methods/{school_id} for a parent without a chosen child', () => {
    it("lists the methods of each child's school, and no other school's", async () => {
      const ikeja = await data<{ method: string }[]>('parent', `/payment/available-methods/${ids.school}`);
      expect(Array.isArray(ikeja)).toBe(true);
      const forChild = await data<{ methods: { method: string }[] }>(
        'parent',
        `/payment/available-methods?student_id=${ids.student}`,
      );
      expect(ikeja).toEqual(forChild.methods);
      expect(ikeja.map((option) => option.method)).toContain('cash');

      const wuse = await data<{ method: string }[]>('parent', `/payment/available-methods/${ids.secondSchool}`);
      const forSon = await data<{ methods: unknown[] }>('parent', `/payment/available-methods?student_id=${ids.son}`);
      expect(wuse).toEqual(forSon.methods);

      const noChildThere = await aSchool(t);
      expect((await call(t, 'parent', 'GET', `/payment/available-methods/${noChildThere.id}`)).statusCode).toBe(404);
      expect((await call(t, 'student', 'GET', `/payment/available-methods/${ids.secondSchool}`)).statusCode).toBe(404);
    });
  });

  describe("the cash desk's student search: GET /user/all?role=Student", () => {
    it("gives a bursar their own school's students, and nothing else", async () => {
      const found = await data<{ users: { _id: string; roles: string[]; school: { _id: string } | null }[] }>(
        'bursar',
        '/user/all?role=Student&limit=200',
      );
      expect(found.users.length).toBeGreaterThan(1);
      expect(found.users.filter((user) => !user.roles.includes('Student'))).toEqual([]);
      expect(found.users.filter((user) => user.school?._id !== ids.school)).toEqual([]);
      const listed = found.users.map((user) => user._id);
      expect(listed).toContain(ids.student);
      expect(listed).toContain(ids.stranger);
      // The demo parent's son studies at Wuse: never on Ikeja's desk.
      expect(listed).not.toContain(ids.son);

      const byName = await data<{ users: { _id: string }[] }>(
        'bursar',
        '/school-access/users?role=Student&search=Chiamaka',
      );
      expect(byName.users.map((user) => user._id)).toContain(ids.student);

      // The rest of the users list stays with the user administrators.
      for (const url of ['/user/all', '/user/all?role=Parent', '/school-access/users?role=Bursar']) {
        expect((await call(t, 'bursar', 'GET', url)).statusCode, url).toBe(403);
      }
      expect((await call(t, 'bursar', 'GET', `/user/all?role=Student&school_id=${ids.secondSchool}`)).statusCode).toBe(
        404,
      );
      expect((await call(t, 'parent', 'GET', '/user/all?role=Student')).statusCode).toBe(403);
    });
  });

  describe('every list the client maps over is a list', () => {
    it('the admin dashboard: system activities are the list itself, recent activities a list', async () => {
      const activities = await data<{ title: string; type: string }[]>('admin', '/admin/system-activities?limit=5');
      expect(Array.isArray(activities)).toBe(true);
      expect(activities.length).toBeGreaterThan(0);
      expect(activities.length).toBeLessThanOrEqual(5);
      expect(activities.filter((row) => typeof row.title !== 'string')).toEqual([]);
      const dashboard = await data<{ recentActivities: unknown }>('admin', '/admin/dashboard');
      expect(Array.isArray(dashboard.recentActivities)).toBe(true);
    });

    it.each([
      ['bursar', '/bursar/dashboard', ['feeCollectionStatus', 'paymentMethods', 'recentTransactions']],
      ['student', '/student/dashboard', ['financial.outstandingFees', 'financial.recentPayments', 'paymentMethods']],
      ['student', '/student/payments', ['payments']],
      ['student', '/student/outstanding-fees', ['outstandingFees']],
      ['parent', '/parent/dashboard', ['children', 'recentActivities', 'recentPayments']],
      ['parent', '/parent/payment-history', ['payments']],
      ['principal', '/principal/dashboard', ['recentActivities']],
      ['admin', '/admin/user-management', ['byRole', 'byStatus']],
    ])('%s %s: %j', async (who, url, fields) => {
      const body = await data<Record<string, unknown>>(who, url);
      for (const field of fields) {
        const value = field.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], body);
        expect(Array.isArray(value), field).toBe(true);
      }
    });
  });
});
