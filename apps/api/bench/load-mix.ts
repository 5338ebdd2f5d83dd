/**
 * The load test's mix: what a school group's API serves on resumption day, each route paced on
 * its own (paced.ts) at its share of the overall rate, so each route has its own latencies.
 *
 * Resumption day is when families sign in, look at what they owe and pay, bursars record cash at
 * the desk and read their lists, and the people in charge keep a dashboard open. The shares:
 * - reading what is owed, 28%: a student's fee page, a parent's page of a child;
 * - payment lists, 18%: the group's list of all schools, a school's list, a school's list filtered
 *   (the transfer queue, today's cash, pending ones);
 * - dashboards, 17%: the bursar's, the principal's, the proprietor's of the whole group;
 * - the cash desk, 15%: ₦1 on a fee the student owes, each with a fresh Idempotency-Key, 16
 *   connections as 16 bursars' desks;
 * - paying online, 18%: payments initiated (7%), then the provider's signed `charge.success`
 *   webhook (11%: one delivery in four repeats an earlier one, as providers retry);
 * - sign-ins, 4%: a password check of a different student each time.
 * The money routes are far above a real desk's pace (a bursar takes one payment a minute or so):
 * they are where a double credit could happen, so the run presses on them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { People } from './load-people.js';
import type { RouteRequest } from './paced.js';

/** Percent of the rate that starts an online payment: each takes a payer who owes, once. */
export const ONLINE_PAYMENT_SHARE = 7;

export interface Route {
  label: string;
  /** Percent of the overall rate. */
  share: number;
  /** Fixed connections (the cash desk's 16 desks); otherwise enough for the route's rate. */
  connections?: number;
  request: RouteRequest;
}

/** What the money routes did, for the checks afterwards. */
export interface Ledger {
  /** Idempotency-Keys sent to the cash desk, and those it answered 200. */
  cashSent: Set<string>;
  cashAnswered: Set<string>;
  /** Online payments the API initiated, those paid at the provider and not yet notified, and those paid. */
  initiated: Set<string>;
  toNotify: string[];
  paid: Set<string>;
  /** References whose webhook the API answered 200, with the exact delivery (for repeats). */
  notified: Map<string, Delivery>;
  webhooks: { fresh: number; repeated: number; foreign: number };
  /** Payments the provider's checkout refused: none should be. */
  payFailures: number;
}

interface Delivery {
  reference: string;
  body: string;
  signature: string;
}

export function newLedger(): Ledger {
  return {
    cashSent: new Set(),
    cashAnswered: new Set(),
    initiated: new Set(),
    toNotify: [],
    paid: new Set(),
    notified: new Map(),
    webhooks: { fresh: 0, repeated: 0, foreign: 0 },
    payFailures: 0,
  };
}

/** The provider side the mix needs: where a payer pays, and what the provider calls a transaction. */
export interface Provider {
  secretKey: string;
  /** The payer pays on the provider's checkout page; resolves once the provider has the charge. */
  pay(paymentUrl: string): Promise<void>;
  transactionId(reference: string): number | undefined;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
/** What a browser sends with every read: the API compresses large answers for it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const JSON_BODY = { 'content-type': 'application/json' };

/** Paystack's signature scheme: HMAC-SHA512 of the raw body under the secret key. */
export function paystackDelivery(secretKey: string, reference: string, transactionId: number): Delivery {
  const body = JSON.stringify({
    event: 'charge.success',
    data: { id: transactionId, reference, status: 'success', currency: 'NGN', channel: 'card' },
  });
  return { reference, body, signature: createHmac('sha512', secretKey).update(body).digest('hex') };
}

type Context = { key?: string; reference?: string };

function get(path: () => string, authorization: () => string): RouteRequest {
  return {
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path(), headers: { ...BROWSER, authorization: authorization() } }),
  };
}

export function routes(options: {
  people: People;
  ledger: Ledger;
  provider: Provider;
  today: string;
  password: string;
}): Route[] {
  const { people, ledger, provider, today } = options;
  const bursar = () => pick(people.bursars);
  let nextSignIn = 0;
  let nextPayer = 0;
  let webhookCount = 0;
  /** References delivered so far, to repeat one at random. */
  const sent: string[] = [];
  let foreign = 0;

  const signIn: RouteRequest = {
    method: 'POST',
    setupRequest: (request) => ({
      ...request,
      path: '/api/v1/auth/login',
      headers: JSON_BODY,
      body: JSON.stringify({
        email: people.signIns[nextSignIn++ % people.signIns.length],
        password: options.password,
      }),
    }),
  };

  const filters = [
    'method=bank_transfer&status=pending&limit=20',
    `method=cash&status=success&from=${today}&to=${today}&limit=50`,
    'status=pending&limit=20',
  ];

  const cash: RouteRequest = {
    method: 'POST',
    setupRequest: (request, context: Context) => {
      const desk = bursar();
      const target = pick(people.desk.get(desk.schoolId)!);
      const key = randomUUID();
      ledger.cashSent.add(key);
      context.key = key;
      return {
        ...request,
        path: '/api/v1/payment/pay-with-cash',
        headers: { ...JSON_BODY, authorization: desk.authorization, 'idempotency-key': key },
        body: JSON.stringify({ user_id: target.studentId, fee_id: target.feeId, amount: 1 }),
      };
    },
    onResponse: (status, _body, context: Context) => {
      if (status === 200 && context.key) ledger.cashAnswered.add(context.key);
    },
  };

  const initiate: RouteRequest = {
    method: 'POST',
    setupRequest: (request) => {
      // Each payer pays their whole fee once; the pool is sized for the run before it starts.
      const payer = people.payers[nextPayer++ % people.payers.length]!;
      return {
        ...request,
        path: '/api/v1/payment/initiate',
        headers: { ...JSON_BODY, authorization: payer.authorization },
        body: JSON.stringify({ fee_id: payer.feeId, payment_method: 'paystack' }),
      };
    },
    onResponse: (status, body) => {
      if (status !== 200) return;
      const { reference, paymentUrl } = (JSON.parse(body) as { data: { reference: string; paymentUrl: string } }).data;
      ledger.initiated.add(reference);
      // The payer pays on the provider's page; the provider then notifies us (the webhook route).
      provider.pay(paymentUrl).then(
        () => {
          ledger.paid.add(reference);
          ledger.toNotify.push(reference);
        },
        () => {
          ledger.payFailures++;
        },
      );
    },
  };

  const webhook: RouteRequest = {
    method: 'POST',
    setupRequest: (request, context: Context) => {
      // A repeat may go out while the first delivery is still being settled: the race a
      // provider's retry makes.
      const earlier = sent.length > 0 ? ledger.notified.get(pick(sent)) : undefined;
      const repeat = earlier && (webhookCount++ % 4 === 3 || ledger.toNotify.length === 0);
      let delivery: Delivery;
      if (repeat) {
        delivery = earlier;
        context.reference = earlier.reference;
        ledger.webhooks.repeated++;
      } else if (ledger.toNotify.length > 0) {
        const reference = ledger.toNotify.shift()!;
        delivery = paystackDelivery(provider.secretKey, reference, provider.transactionId(reference)!);
        context.reference = reference;
        ledger.notified.set(reference, delivery);
        sent.push(reference);
        ledger.webhooks.fresh++;
      } else {
        // Nothing paid yet: an event of the same provider account for a reference that is none of
        // ours, which is recorded and answered but credits nothing.
        delivery = paystackDelivery(provider.secretKey, `FOREIGN-${randomUUID()}`, 9_000_000_000 + foreign++);
        ledger.webhooks.foreign++;
      }
      return {
        ...request,
        path: '/api/v1/payment/paystack/webhook',
        headers: { ...JSON_BODY, 'x-paystack-signature': delivery.signature },
        body: delivery.body,
      };
    },
    onResponse: (status, _body, context: Context) => {
      // A delivery the API did not answer is delivered again after the run, as the provider would.
      if (status !== 200 && context.reference) ledger.notified.delete(context.reference);
    },
  };

  return [
    { label: 'POST /auth/login (sign-in)', share: 4, request: signIn },
    {
      label: 'GET /student/fees (student)',
      share: 14,
      request: get(
        () => '/api/v1/student/fees',
        () => pick(people.students),
      ),
    },
    {
      label: 'GET /parent/child/{id} (parent)',
      share: 14,
      request: {
        method: 'GET',
        setupRequest: (request) => {
          const link = pick(people.parents);
          return {
            ...request,
            path: `/api/v1/parent/child/${link.childId}`,
            headers: { ...BROWSER, authorization: link.authorization },
          };
        },
      },
    },
    {
      label: 'GET /payment/all (all schools)',
      share: 5,
      request: get(
        () => `/api/v1/payment/all?page=${1 + Math.floor(Math.random() * 3)}&limit=20`,
        () => people.superAdmin,
      ),
    },
    {
      label: 'GET /payment/all (a school)',
      share: 7,
      request: get(
        () => `/api/v1/payment/all?page=${1 + Math.floor(Math.random() * 3)}&limit=20`,
        () => bursar().authorization,
      ),
    },
    {
      label: 'GET /payment/all (a school, filtered)',
      share: 6,
      request: get(
        () => `/api/v1/payment/all?${pick(filters)}`,
        () => bursar().authorization,
      ),
    },
    {
      label: 'GET /bursar/dashboard',
      share: 8,
      request: get(
        () => '/api/v1/bursar/dashboard',
        () => bursar().authorization,
      ),
    },
    {
      label: 'GET /principal/dashboard',
      share: 5,
      request: get(
        () => '/api/v1/principal/dashboard',
        () => pick(people.principals),
      ),
    },
    {
      label: 'GET /proprietor/dashboard (group)',
      share: 4,
      request: get(
        () => '/api/v1/proprietor/dashboard',
        () => people.proprietor,
      ),
    },
    { label: 'POST /payment/pay-with-cash', share: 15, connections: 16, request: cash },
    { label: 'POST /payment/initiate (paystack)', share: ONLINE_PAYMENT_SHARE, request: initiate },
    { label: 'POST /payment/paystack/webhook', share: 11, request: webhook },
  ];
}
