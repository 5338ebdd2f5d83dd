/**
 * The local Flutterwave's settlements (v3): GET /v3/settlements and GET /v3/settlements/:id. Every
 * successful transaction (a checkout's attempt, a transfer into a virtual account) is paid out, net
 * of its app fee, in one settlement per currency and day: the next weekday after the day (Lagos
 * time) it was made. Amounts are naira, as Flutterwave's; `meta` lists the transactions' ids. The
 * fake reports each `completed` at once, so a test or the demo need not wait a day.
 */
import { lagosDay, nextWeekday } from '../days.js';
import type { fakeServer } from '../http.js';
import { appFee, type FakeCharge, naira } from './wire.js';

interface Paid {
  id: number;
  amountKobo: number;
  currency: string;
}

export function registerSettlements(
  app: ReturnType<typeof fakeServer>,
  ctx: {
    unauthorized: (header: string | undefined) => { status: string; message: string; data: null } | null;
    charges: Map<string, FakeCharge>;
  },
) {
  /** Ids stay the same from one listing to the next. */
  const ids = new Map<string, number>();
  let nextId = 41_748;

  function settlements() {
    const groups = new Map<string, { id: number; day: string; currency: string; paid: Paid[] }>();
    for (const charge of ctx.charges.values()) {
      for (const attempt of charge.attempts) {
        if (attempt.status !== 'successful') continue;
        const currency = attempt.currency ?? charge.currency;
        const day = nextWeekday(lagosDay(attempt.createdAt));
        const key = `${day}:${currency}`;
        let group = groups.get(key);
        if (!group) {
          let id = ids.get(key);
          if (id === undefined) {
            id = nextId++;
            ids.set(key, id);
          }
          group = { id, day, currency, paid: [] };
          groups.set(key, group);
        }
        group.paid.push({ id: attempt.id, amountKobo: attempt.amountKobo ?? charge.amountKobo, currency });
      }
    }
    return [...groups.values()].sort((a, b) => (a.day === b.day ? a.id - b.id : a.day < b.day ? 1 : -1));
  }

  const data = (s: ReturnType<typeof settlements>[number]) => {
    const gross = s.paid.reduce((sum, p) => sum + p.amountKobo, 0);
    const fees = s.paid.reduce((sum, p) => sum + appFee(p.amountKobo), 0);
    const at = `${s.day}T04:00:00.000Z`;
    return {
      id: s.id,
      account_id: 73_362,
      merchant_name: 'SchoolLedger',
      settlement_account: '0031318432',
      bank_code: '063',
      transaction_date: at,
      due_date: at,
      processed_date: at,
      status: 'completed',
      is_local: true,
      currency: s.currency,
      gross_amount: naira(gross),
      app_fee: naira(fees),
      merchant_fee: 0,
      chargeback: 0,
      refund: 0,
      stampduty_charge: 0,
      net_amount: naira(gross - fees),
      transaction_count: s.paid.length,
      disburse_ref: 'INSTANT_SETTLEMENT',
      meta: s.paid.map((p) => p.id),
      created_at: at,
    };
  };

  /** `from`/`to` as YYYY-MM-DD; an unreadable one answers 400. */
  const day = (value: string | undefined) => (value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

  app.get<{ Querystring: { from?: string; to?: string; page?: string } }>('/v3/settlements', async (request, reply) => {
    const denied = ctx.unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const from = day(request.query.from);
    const to = day(request.query.to);
    if (from === null || to === null)
      return reply.code(400).send({ status: 'error', message: 'Invalid date format', data: null });
    const all = settlements().filter((s) => (!from || s.day >= from) && (!to || s.day <= to));
    const size = 20;
    const page = Math.max(1, Number(request.query.page) || 1);
    return {
      status: 'success',
      message: 'Settlements fetched',
      meta: {
        page_info: {
          total: all.length,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(all.length / size)),
          page_size: size,
        },
      },
      data: all.slice((page - 1) * size, page * size).map(data),
    };
  });

  app.get<{ Params: { id: string } }>('/v3/settlements/:id', async (request, reply) => {
    const denied = ctx.unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const found = settlements().find((s) => String(s.id) === request.params.id);
    if (!found) return reply.code(404).send({ status: 'error', message: 'Settlement not found', data: null });
    return { status: 'success', message: 'Settlement fetched', data: data(found) };
  });
}
