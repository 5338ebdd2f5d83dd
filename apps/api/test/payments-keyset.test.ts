import { type CursorPagination, encodeListCursor, type Payment } from '@schoolledger/domain';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentsThatHappened } from '../src/db/payment-attempts.js';
import { PAYMENT_COUNT_CAP } from '../src/modules/payments/reporting/lists.service.js';
import { useTestApp } from './helper.js';
import { approvedFee, bursarOf, call, loadPaymentIds, type PaymentIds } from './payments-support.js';

type ListBody = { data: { payments: Payment[]; pagination: CursorPagination } };
type Who = string | { authorization: string };

describe('payment lists read page after page by cursor', () => {
  const t = useTestApp();
  let ids: PaymentIds;
  let wuseBursar = { authorization: '' };
  /** A Wuse fee whose payments are only the ones made here. */
  let fee = '';
  /** An Ikeja fee with one payment more than the lists count. */
  let crowdedFee = '';

  async function list(who: Who, query: string, url = '/payment/all') {
    const response = await call(t, who, 'GET', `${url}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ListBody).data;
  }

  /** Follows nextCursor from the first page to the last; every page as the API gave it. */
  async function walk(who: Who, query: string, url = '/payment/all') {
    const pages = [await list(who, query, url)];
    for (let cursor = pages[0]!.pagination.nextCursor; cursor !== null; ) {
      const next = await list(who, `${query}&cursor=${cursor}`, url);
      pages.push(next);
      cursor = next.pagination.nextCursor;
      expect(pages.length).toBeLessThan(100);
    }
    return pages;
  }

  /**
   * The ids of the payments matching `where` that the lists show (an online attempt never paid is
   * not a payment), in the lists' order: newest first, the id breaking ties.
   */
  async function idsInOrder(where: SQL) {
    const result = (await t.ctx.db.execute(
      sql`select id from payments where ${where} and ${paymentsThatHappened()} order by created_at desc, id desc`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => row.id);
  }

  beforeAll(async () => {
    ids = await loadPaymentIds(t);
    wuseBursar = await bursarOf(t, ids.secondSchool);
    fee = await approvedFee(t, ids.secondSchool, ids.secondTerm);
    crowdedFee = await approvedFee(t, ids.school, ids.term);
    // 25 payments within a few microseconds of one another, three to each instant, so pages end
    // inside a millisecond and between rows of one instant, where only the id orders them.
    await t.ctx.db.execute(sql`
      insert into payments (school_id, student_id, fee_id, amount_kobo, status, method, kind, reference, channel,
                            created_at, updated_at)
      select ${ids.secondSchool}, ${ids.son}, ${fee}, 10000,
             case when g % 3 = 0 then 'success' else 'pending' end,
             case when g % 3 = 0 then 'paystack' else 'bank_transfer' end, 'payment', 'KEYSET-W-' || g, 'bank',
             timestamptz '2025-03-01 10:00:00.123456+00' + (g / 3) * interval '1 microsecond',
             timestamptz '2025-03-01 10:00:00.123456+00' + (g / 3) * interval '1 microsecond'
      from generate_series(1, 25) g`);
    // Past the count's cap: transfer claims awaiting confirmation, which the lists show as payments
    // but which credit nothing, so writing them posts no journal entries and moves no positions.
    await t.ctx.db.execute(sql`
      insert into payments (school_id, student_id, fee_id, amount_kobo, status, method, kind, reference, channel,
                            created_at, updated_at)
      select ${ids.school}, ${ids.stranger}, ${crowdedFee}, 10000, 'pending', 'bank_transfer', 'payment',
             'KEYSET-I-' || g, 'bank', now() - g * interval '1 second', now() - g * interval '1 second'
      from generate_series(1, ${PAYMENT_COUNT_CAP + 1}) g`);
  });

  it('a staff list walked by cursor shows every row of its filter once, newest first, with an exact total', async () => {
    const pages = await walk(wuseBursar, `fee_id=${fee}&limit=7`);
    expect(pages.map((page) => page.payments.length)).toEqual([7, 7, 7, 4]);
    expect(pages.map((page) => page.pagination.page)).toEqual([1, 2, 3, 4]);
    for (const { pagination } of pages) {
      expect(pagination).toMatchObject({ limit: 7, total: 25, totalPages: 4, totalIsCapped: false });
    }
    const seen = pages.flatMap((page) => page.payments.map((payment) => payment._id));
    expect(seen).toEqual(await idsInOrder(sql`fee_id = ${fee}`));
  });

  it('keeps the other filters on every page, on /payment/all and on the per-method lists', async () => {
    const byMethod = await walk(wuseBursar, `fee_id=${fee}&method=paystack&limit=3`);
    const expected = await idsInOrder(sql`fee_id = ${fee} and method = 'paystack'`);
    expect(expected).toHaveLength(8);
    expect(byMethod.flatMap((page) => page.payments.map((payment) => payment._id))).toEqual(expected);
    expect(byMethod.at(-1)!.pagination).toMatchObject({ total: 8, totalPages: 3, nextCursor: null });

    const transfers = await walk(wuseBursar, `fee_id=${fee}&limit=5`, '/payment/get-Bank_transfer');
    const transferIds = transfers.flatMap((page) => page.payments.map((payment) => payment._id));
    expect(transferIds).toEqual(await idsInOrder(sql`fee_id = ${fee} and method = 'bank_transfer'`));
    expect(transferIds).toHaveLength(17);
  });

  it('a group-wide list walked by cursor agrees with the same list read by page number', async () => {
    const query = `school_id=${ids.secondSchool}&limit=6`;
    const byCursor = await walk('admin', query);
    const expected = await idsInOrder(sql`school_id = ${ids.secondSchool}`);
    expect(byCursor.flatMap((page) => page.payments.map((payment) => payment._id))).toEqual(expected);
    const byNumber = await list('admin', `${query}&page=3`);
    expect(byNumber.payments.map((payment) => payment._id)).toEqual(
      byCursor[2]!.payments.map((payment) => payment._id),
    );
    expect(byNumber.pagination.nextCursor).toBe(byCursor[2]!.pagination.nextCursor);
  });

  it("a payer's own list pages by cursor too", async () => {
    const pages = await walk('parent', `student_id=${ids.son}&limit=4`);
    const seen = pages.flatMap((page) => page.payments.map((payment) => payment._id));
    const expected = await idsInOrder(sql`student_id = ${ids.son}`);
    expect(expected.length).toBeGreaterThanOrEqual(25);
    expect(seen).toEqual(expected);
    expect(pages[0]!.pagination).toMatchObject({ total: expected.length, totalIsCapped: false });
  });

  it('counts no further than the cap, says so, and still pages on by cursor', async () => {
    const first = await list('admin', `fee_id=${crowdedFee}&limit=20`);
    expect(first.pagination).toMatchObject({
      page: 1,
      total: PAYMENT_COUNT_CAP,
      totalPages: PAYMENT_COUNT_CAP / 20,
      totalIsCapped: true,
    });
    const expected = await idsInOrder(sql`fee_id = ${crowdedFee}`);
    expect(expected).toHaveLength(PAYMENT_COUNT_CAP + 1);
    const second = await list('admin', `fee_id=${crowdedFee}&limit=20&cursor=${first.pagination.nextCursor}`);
    expect(second.pagination).toMatchObject({ page: 2, total: PAYMENT_COUNT_CAP, totalIsCapped: true });
    expect([...first.payments, ...second.payments].map((payment) => payment._id)).toEqual(expected.slice(0, 40));
  });

  it('a narrower filter of the same payments is counted exactly; the last row past the cap is still reached', async () => {
    const underCap = await list('admin', `fee_id=${crowdedFee}&search=KEYSET-I-1&limit=5`);
    const matching = await idsInOrder(sql`fee_id = ${crowdedFee} and reference like 'KEYSET-I-1%'`);
    expect(underCap.pagination).toMatchObject({ total: matching.length, totalIsCapped: false });
    const lastRow = await list('admin', `fee_id=${crowdedFee}&limit=1&page=${PAYMENT_COUNT_CAP + 1}`);
    expect(lastRow.payments.map((payment) => payment._id)).toEqual([
      (await idsInOrder(sql`fee_id = ${crowdedFee}`)).at(-1),
    ]);
    expect(lastRow.pagination).toMatchObject({ total: PAYMENT_COUNT_CAP, totalIsCapped: true, nextCursor: null });
  });

  it('refuses a cursor it did not make, and another school stays out of reach', async () => {
    for (const cursor of ['nonsense', 'bm90LWEtY3Vyc29y', encodeURIComponent('a+b/c=')]) {
      const response = await call(t, wuseBursar, 'GET', `/payment/all?cursor=${cursor}`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', data: null });
    }
    // A cursor naming an Ikeja payment only says where to start: the Wuse bursar still sees Wuse rows.
    const [ikeja] = await idsInOrder(sql`fee_id = ${crowdedFee}`);
    const cursor = encodeListCursor({ page: 2, createdAtMicros: String(Date.now() * 1000), id: ikeja! });
    const page = await list(wuseBursar, `cursor=${cursor}&limit=50`);
    expect(page.payments.length).toBeGreaterThan(0);
    expect(new Set(page.payments.map((payment) => payment.school._id))).toEqual(new Set([ids.secondSchool]));
  });
});
