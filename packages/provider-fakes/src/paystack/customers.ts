/**
 * The local Paystack's customers: POST /customer and GET /customer/:email_or_code. A checkout's
 * payer and a DVA's holder are the same kind of customer, found by email.
 */
import { randomBytes } from 'node:crypto';
import type { fakeServer } from '../http.js';
import {
  customerRecord,
  dedicatedAccountData,
  type FakeCustomer,
  type FakeDedicatedAccount,
} from './dedicated-wire.js';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** `CUS_` and 15 lower-case letters and digits. */
const customerCode = () =>
  `CUS_${Array.from(randomBytes(15), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('')}`;

export function customerStore() {
  const byEmail = new Map<string, FakeCustomer>();
  let nextId = 180_000_000;
  return {
    all: () => [...byEmail.values()],
    /** By numeric id, customer code or email. */
    find(key: string | number): FakeCustomer | undefined {
      const wanted = String(key).trim();
      if (byEmail.has(wanted.toLowerCase())) return byEmail.get(wanted.toLowerCase());
      return [...byEmail.values()].find((c) => String(c.id) === wanted || c.code === wanted);
    },
    /**
     * The customer with this email, made if there is none. Names and phone given fill the ones
     * the customer lacks, and replace them when `overwrite` (what a DVA request's names do).
     */
    ensure(email: string, details: Record<string, unknown> = {}, overwrite = false): FakeCustomer {
      const key = email.trim().toLowerCase();
      const now = new Date().toISOString();
      let customer = byEmail.get(key);
      if (!customer) {
        customer = {
          id: nextId++,
          code: customerCode(),
          email: email.trim(),
          firstName: null,
          lastName: null,
          phone: null,
          metadata: null,
          createdAt: now,
          updatedAt: now,
        };
        byEmail.set(key, customer);
      }
      const fields = [
        ['firstName', text(details.first_name)],
        ['lastName', text(details.last_name)],
        ['phone', text(details.phone)],
      ] as const;
      for (const [field, value] of fields) {
        if (value !== null && (overwrite || customer[field] === null)) {
          customer[field] = value;
          customer.updatedAt = now;
        }
      }
      if (details.metadata !== undefined && customer.metadata === null) customer.metadata = details.metadata;
      return customer;
    },
  };
}

export type CustomerStore = ReturnType<typeof customerStore>;

export function registerCustomers(
  app: ReturnType<typeof fakeServer>,
  ctx: {
    authorized: (header: string | undefined) => boolean;
    invalidKey: unknown;
    customers: CustomerStore;
    dedicatedAccounts: () => FakeDedicatedAccount[];
  },
) {
  /** An email already known answers that customer (Paystack does not make a second one). */
  app.post('/customer', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = text(body.email);
    if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
      return reply.code(400).send({
        status: false,
        message: 'Invalid Email Address Passed',
        meta: { nextStep: 'Ensure that you provide all required parameters' },
        type: 'validation_error',
        code: 'invalid_params',
      });
    }
    const customer = ctx.customers.ensure(email, body);
    return { status: true, message: 'Customer created', data: customerRecord(customer) };
  });

  app.get<{ Params: { key: string } }>('/customer/:key', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const customer = ctx.customers.find(request.params.key);
    if (!customer) {
      return reply.code(404).send({
        status: false,
        message: 'Customer not found',
        meta: { nextStep: 'Ensure that you are passing the correct customer email or code' },
        type: 'validation_error',
        code: 'customer_not_found',
      });
    }
    // The customer's latest active DVA, as Paystack nests it (transactions and authorizations are not kept here).
    const current = ctx
      .dedicatedAccounts()
      .filter((a) => a.customer === customer && a.active)
      .at(-1);
    return {
      status: true,
      message: 'Customer retrieved',
      data: { ...customerRecord(customer), dedicated_account: current ? dedicatedAccountData(current) : null },
    };
  });
}
