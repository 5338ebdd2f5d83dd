import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { expensePolicies, schools, terms } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { bearer, FIRST_SCHOOL, insertUser, login, SECOND_SCHOOL, type TestApp } from './helper.js';

/** A demo login by name, or the bearer header of someone made for the test. */
export type Who = string | { authorization: string };

/** The demo schools' current terms and their sessions, which every expense names. */
export interface ExpenseIds {
  school: string;
  session: string;
  term: string;
  secondSchool: string;
  secondSession: string;
  secondTerm: string;
}

async function termOf(t: TestApp, schoolId: string) {
  const termId = (await defaultTermOf(t.ctx.db, schoolId, todayIn('Africa/Lagos', new Date())))!;
  const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, termId));
  return { term: term!.id, session: term!.sessionId };
}

export async function loadExpenseIds(t: TestApp): Promise<ExpenseIds> {
  const [first] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
  const [second] = await t.ctx.db.select().from(schools).where(eq(schools.name, SECOND_SCHOOL));
  const own = await termOf(t, first!.id);
  const other = await termOf(t, second!.id);
  return {
    school: first!.id,
    session: own.session,
    term: own.term,
    secondSchool: second!.id,
    secondSession: other.session,
    secondTerm: other.term,
  };
}

/** Someone new with these roles at a school, signed in; their bearer header and id. */
export async function staffOf(t: TestApp, schoolId: string, roles: string[]) {
  const email = `${roles[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const user = await insertUser(t, { email, roles, schoolId });
  const signedIn = await login(t, email);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { id: user.id, headers: bearer(signedIn.json().data.token) };
}

export async function api(
  t: TestApp,
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: typeof who === 'string' ? await t.as(who) : who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A valid request body: ₦25,000 of consumables for a supplier typed by name. */
export const expenseBody = (ids: Pick<ExpenseIds, 'school' | 'session' | 'term'>, change: object = {}) => ({
  school_id: ids.school,
  session_id: ids.session,
  term_id: ids.term,
  title: `Chalk and markers ${randomUUID().slice(0, 6)}`,
  description: 'For the second half of term',
  category: 'consumables',
  amount: 25_000,
  payee_kind: 'other',
  payee_name: 'Bode Stationers',
  ...change,
});

export interface ExpenseData {
  _id: string;
  reference: string;
  status: string;
  amount: number;
  paid: number;
  remaining: number;
  needsProprietor: boolean;
  payee: { kind: string; name: string; user: { _id: string; name: string } | null; vendor: { _id: string } | null };
  rejectionReason: string | null;
  decidedBy: { _id: string; name: string } | null;
  submittedAt: string | null;
  payouts: { _id: string; voucherNo: string; amount: number; reverses: { _id: string } | null }[];
  history: { action: string; fromStatus: string | null; toStatus: string | null; note: string | null }[];
  attachments: { _id: string; kind: string; fileName: string; contentType: string; size: number }[];
}

export async function createExpense(t: TestApp, who: Who, body: object): Promise<ExpenseData> {
  const response = await api(t, who, 'POST', '/expenses', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export const step = (t: TestApp, who: Who, id: string, action: string, reason?: string) =>
  api(t, who, 'POST', `/expenses/${id}/transitions`, { action, ...(reason ? { reason } : {}) });

export async function stepOk(t: TestApp, who: Who, id: string, action: string, reason?: string) {
  const response = await step(t, who, id, action, reason);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ExpenseData;
}

/** Recorded and submitted by the bursar, approved by the principal. */
export async function approvedExpense(t: TestApp, ids: ExpenseIds, change: object = {}) {
  const expense = await createExpense(t, 'bursar', expenseBody(ids, change));
  await stepOk(t, 'bursar', expense._id, 'submit');
  return stepOk(t, 'principal', expense._id, 'approve');
}

export const payoutBody = (amount: number | string, change: object = {}) => ({
  amount,
  method: 'bank_transfer',
  reference: `TRF-${randomUUID().slice(0, 8)}`,
  paid_on: todayIn('Africa/Lagos', new Date()),
  ...change,
});

export const pay = (t: TestApp, who: Who, id: string, body: object) =>
  api(t, who, 'POST', `/expenses/${id}/payouts`, body);

/** Above this amount (in naira) a school's expenses need a proprietor; null removes the threshold. */
export async function setThreshold(t: TestApp, schoolId: string, naira: number | null) {
  const proprietorAboveKobo = naira === null ? null : BigInt(naira) * 100n;
  await t.ctx.db
    .insert(expensePolicies)
    .values({ schoolId, proprietorAboveKobo })
    .onConflictDoUpdate({ target: expensePolicies.schoolId, set: { proprietorAboveKobo } });
}
