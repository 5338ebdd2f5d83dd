/**
 * The local Paystack's settlements: GET /settlement and GET /settlement/:id/transactions. Every
 * successful transaction (card or transfer) is paid out, net of its fees, in one settlement per
 * currency and day: the next weekday after the day (Lagos time) it was paid, as Paystack settles
 * local payments T+1. The fake reports each settlement `success` at once, so a test or the demo
 * need not wait a day; on the real service it is `pending` until the money has left.
 */

import { lagosDay, nextWeekday } from '../days.js';
import type { fakeServer } from '../http.js';
import { INTEGRATION } from './dedicated-wire.js';
import { type FakeTransaction, verifyData } from './wire.js';

interface Settlement {
  id: number;
  day: string;
  currency: string;
  transactions: FakeTransaction[];
}

/** A `from`/`to` bound: a date alone is that day's midnight, a timestamp itself; null when unreadable. */
const bound = (value: string | undefined) => {
  if (!value) return undefined;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(at) ? null : at;
};

export function registerSettlements(
  app: ReturnType<typeof fakeServer>,
  ctx: {
    authorized: (header: string | undefined) => boolean;
    invalidKey: unknown;
    transactions: Map<string, FakeTransaction>;
  },
) {
  /** Ids stay the same from one listing to the next. */
  const ids = new Map<string, number>();
  let nextId = 3_090_024;

  function settlements(): Settlement[] {
    const groups = new Map<string, Settlement>();
    for (const t of ctx.transactions.values()) {
      // A reversed (refunded) transaction was settled before it was refunded.
      if (t.paidAt === null || (t.status !== 'success' && t.status !== 'reversed')) continue;
      const day = nextWeekday(lagosDay(t.paidAt));
      const key = `${day}:${t.currency}`;
      let group = groups.get(key);
      if (!group) {
        let id = ids.get(key);
        if (id === undefined) {
          id = nextId++;
          ids.set(key, id);
        }
        group = { id, day, currency: t.currency, transactions: [] };
        groups.set(key, group);
      }
      group.transactions.push(t);
    }
    return [...groups.values()].sort((a, b) => (a.day === b.day ? a.id - b.id : a.day < b.day ? 1 : -1));
  }

  const totals = (s: Settlement) => {
    const processed = s.transactions.reduce((sum, t) => sum + t.amount, 0);
    const fees = s.transactions.reduce((sum, t) => sum + (t.fees ?? 0), 0);
    return { processed, fees, net: processed - fees };
  };

  const settlementData = (s: Settlement) => {
    const { processed, fees, net } = totals(s);
    const settledAt = `${s.day}T00:00:00.000Z`;
    return {
      id: s.id,
      domain: 'test',
      status: 'success',
      currency: s.currency,
      integration: INTEGRATION,
      total_amount: net,
      effective_amount: net,
      total_fees: fees,
      total_processed: processed,
      deductions: null,
      settlement_date: settledAt,
      settled_by: null,
      createdAt: settledAt,
      updatedAt: settledAt,
    };
  };

  const invalidDate = {
    status: false,
    message: 'Invalid date. Use a date such as 2016-09-21 or a timestamp such as 2016-09-24T00:00:05.000Z',
    type: 'validation_error',
    code: 'invalid_params',
  };

  const page = (query: { perPage?: string; page?: string }) => {
    const perPage = Math.max(1, Math.min(Number(query.perPage) || 50, 100));
    const number = Math.max(1, Number(query.page) || 1);
    return { perPage, page: number, skipped: (number - 1) * perPage };
  };

  app.get<{ Querystring: { from?: string; to?: string; status?: string; perPage?: string; page?: string } }>(
    '/settlement',
    async (request, reply) => {
      if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
      const from = bound(request.query.from);
      const to = bound(request.query.to);
      if (from === null || to === null) return reply.code(400).send(invalidDate);
      // Every settlement here is `success`: any other status filter finds none.
      const wanted = !request.query.status || request.query.status === 'success';
      const all = settlements().filter((s) => {
        const at = Date.parse(`${s.day}T00:00:00.000Z`);
        return wanted && (from === undefined || at >= from) && (to === undefined || at <= to);
      });
      const { perPage, page: current, skipped } = page(request.query);
      return {
        status: true,
        message: 'Settlements retrieved',
        data: all.slice(skipped, skipped + perPage).map(settlementData),
        meta: {
          total: all.length,
          skipped,
          perPage,
          page: current,
          pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        },
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { perPage?: string; page?: string } }>(
    '/settlement/:id/transactions',
    async (request, reply) => {
      if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
      const settlement = settlements().find((s) => String(s.id) === request.params.id);
      if (!settlement) {
        return reply.code(404).send({
          status: false,
          message: 'Settlement not found',
          type: 'validation_error',
          code: 'not_found',
        });
      }
      const { perPage, page: current, skipped } = page(request.query);
      const all = settlement.transactions;
      return {
        status: true,
        message: 'Transactions retrieved',
        data: all.slice(skipped, skipped + perPage).map(verifyData),
        meta: {
          total: all.length,
          // Paystack gives the volume in major units (naira).
          total_volume: totals(settlement).processed / 100,
          skipped,
          perPage,
          page: current,
          pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        },
      };
    },
  );
}
