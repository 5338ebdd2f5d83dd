import { and, arrayContains, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  academicSessions,
  addresses,
  adjustmentRules,
  bankStatementLines,
  bankStatements,
  classArms,
  expenseAttachments,
  expensePayouts,
  expenses,
  familyCreditPaybacks,
  lateFeePolicies,
  paymentCheckouts,
  payments,
  paymentVoids,
  schools,
  terms,
  tillSessions,
  users,
  virtualAccounts,
} from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, tinyPng, useTestApp } from './helper.js';
import { approvedFee, payCash } from './payments-support.js';

/*
 * Walks every route of the OpenAPI document that takes an id in its path, with each id replaced by
 * every kind of record of ANOTHER school, as callers of the first school. A route added tomorrow is
 * walked without anyone listing it here.
 */

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

/** Routes whose path parameter is not a record of a school, with the reason. */
const NOT_A_SCHOOL_RECORD: Record<string, string> = {
  'GET /api/v1/payment/receipt/verify/{code}':
    'public by design: anyone holding a printed receipt checks its code, and the answer names nobody',
  'DELETE /api/v1/me/consents/{channel}':
    "a channel's name, not a record: the caller's own agreement (messaging.test.ts)",
  'GET /m/{token}':
    "a message's receipt link: an unguessable token, opening only the receipt of the person it was sent to (messaging.test.ts)",
  ...Object.fromEntries(
    [
      'POST /api/v1/messaging/africastalking/{token}/report',
      'POST /api/v1/messaging/africastalking/{token}/inbound',
    ].map((route) => [
      route,
      "the secret of Africa's Talking's callback URLs, not a record: any other token is a 404 (messaging-africastalking.test.ts)",
    ]),
  ),
  'PUT /api/v1/settings/{section}':
    "a settings section's name, not a record: the school named in the body is checked (settings.test.ts)",
  ...Object.fromEntries(
    [
      'PUT /api/v1/email/templates/{id}',
      'DELETE /api/v1/email/templates/{id}',
      'POST /api/v1/email/templates/{id}/preview',
    ].map((route) => [
      route,
      "a SPEC template's name, not a record: the group is the caller's own (email-config.test.ts)",
    ]),
  ),
};

/** Every route is tried by each of these first-school callers. */
const CALLERS = ['principal', 'bursar', 'student'] as const;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: string[];
  /** Whether the path takes record ids (uuids) or another key, such as a payment reference. */
  takesIds: boolean;
  body: 'none' | 'json' | 'multipart';
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema?: { format?: string } }[];
      const inPath = parameters.filter((p) => p.in === 'path');
      const pathParams = inPath.map((p) => p.name);
      if (!pathParams.length || NOT_A_SCHOOL_RECORD[`${method.toUpperCase()} ${path}`]) continue;
      const content = (operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams,
        takesIds: inPath.every((p) => p.schema?.format === 'uuid'),
        body: 'multipart/form-data' in content ? 'multipart' : 'application/json' in content ? 'json' : 'none',
      });
    }
  }
  return operations;
}

describe("the tenancy sweep: every route with an id in its path, given another school's ids", () => {
  // Thousands of requests from three callers: the rate limit is not what this test is about.
  const t = useTestApp({ clock: () => now, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  let operations: Operation[] = [];
  /** The second school's records, by kind. */
  const foreign: Record<string, string> = {};
  /** The second school's keys that are not ids. */
  const foreignKeys: Record<string, string> = {};
  /** Valid bodies naming only the first school's records, so a request reaches the record check. */
  const own = { school: '', classArm: '', otherArm: '', parent: '' };

  async function idsOf(schoolName: string) {
    const db = t.ctx.db;
    const [school] = await db.select().from(schools).where(eq(schools.name, schoolName));
    const id = school!.id;
    const [session] = await db.select().from(academicSessions).where(eq(academicSessions.schoolId, id));
    const [term] = await db.select().from(terms).where(eq(terms.schoolId, id));
    const arms = await db.select().from(classArms).where(eq(classArms.schoolId, id));
    const [address] = await db.select().from(addresses).where(eq(addresses.schoolId, id));
    const [student] = await db
      .select()
      .from(users)
      .where(and(eq(users.schoolId, id), arrayContains(users.roles, ['Student'])));
    return { school: id, session: session!.id, term: term!.id, arms, address: address!.id, student: student!.id };
  }

  beforeAll(async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    operations = operationsOf(document.json());

    const first = await idsOf(FIRST_SCHOOL);
    own.school = first.school;
    own.classArm = first.arms[0]!.id;
    own.otherArm = first.arms[1]!.id;
    const [parent] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('parent')));
    own.parent = parent!.id;

    const second = await idsOf(SECOND_SCHOOL);
    const [principal2] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('principal2')));
    const fee = await approvedFee(t, second.school, second.term);
    const paid = await payCash(t, second.student, fee, '100');
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.id, paid._id));
    Object.assign(foreign, {
      school: second.school,
      session: second.session,
      term: second.term,
      classArm: second.arms[0]!.id,
      address: second.address,
      student: second.student,
      staff: principal2!.id,
      fee,
      payment: paid._id,
    });
    foreignKeys.paymentReference = payment!.reference;
    // A family checkout of the other school, paid by its student: only it and that school's staff see it.
    const [checkout] = await t.ctx.db
      .insert(paymentCheckouts)
      .values({
        reference: `SWEEP-CHECKOUT-${fee.slice(0, 8)}`,
        groupSchoolId: (await t.ctx.db.select().from(schools).where(eq(schools.id, second.school)))[0]!.groupSchoolId,
        schoolId: second.school,
        payerId: second.student,
        method: 'paystack',
        amountKobo: 10_000n,
      })
      .returning();
    await t.ctx.db.insert(payments).values({
      schoolId: second.school,
      studentId: second.student,
      feeId: fee,
      amountKobo: 10_000n,
      method: 'paystack',
      reference: `${checkout!.reference}-1`,
      checkoutId: checkout!.id,
    });
    foreignKeys.checkoutReference = checkout!.reference;
    // A rule and a late-fee policy of the other school: its staff's to decide, switch and delete.
    const [rule] = await t.ctx.db
      .insert(adjustmentRules)
      .values({
        groupSchoolId: checkout!.groupSchoolId,
        schoolId: second.school,
        kind: 'scholarship',
        name: 'Wuse merit scholarship',
        feeTypes: ['library'],
        basis: 'fixed',
        amountKobo: 10_000n,
        createdBy: principal2!.id,
      })
      .returning();
    const [policy] = await t.ctx.db
      .insert(lateFeePolicies)
      .values({ schoolId: second.school, basis: 'fixed', amountKobo: 10_000n, graceDays: 0, repeat: 'once' })
      .returning();
    foreign.adjustmentRule = rule!.id;
    foreign.lateFeePolicy = policy!.id;
    // An expense of the other school, partly paid, with a document: only its own staff reach it.
    const [term] = await t.ctx.db.select().from(terms).where(eq(terms.id, second.term));
    const [expense] = await t.ctx.db
      .insert(expenses)
      .values({
        schoolId: second.school,
        sessionId: term!.sessionId,
        termId: second.term,
        reference: 'EXP-000900',
        title: 'Wuse generator diesel',
        category: 'utilities',
        amountKobo: 10_000n,
        paidKobo: 4_000n,
        payeeKind: 'other',
        payeeName: 'Wuse Fuel Depot',
        status: 'partially_paid',
        createdBy: principal2!.id,
      })
      .returning();
    const [expensePayout] = await t.ctx.db
      .insert(expensePayouts)
      .values({
        expenseId: expense!.id,
        schoolId: second.school,
        voucherNo: 'PV-000900',
        amountKobo: 4_000n,
        method: 'cash',
        paidOn: '2025-11-10',
        payeeName: 'Wuse Fuel Depot',
        createdBy: principal2!.id,
      })
      .returning();
    const [attachment] = await t.ctx.db
      .insert(expenseAttachments)
      .values({
        expenseId: expense!.id,
        schoolId: second.school,
        kind: 'invoice',
        filePath: 'expenses/sweep-invoice.png',
        fileName: 'invoice.png',
        contentType: 'image/png',
        sizeBytes: 100,
      })
      .returning();
    foreign.expense = expense!.id;
    foreign.expensePayout = expensePayout!.id;
    foreign.expenseAttachment = attachment!.id;
    const [payback] = await t.ctx.db
      .insert(familyCreditPaybacks)
      .values({
        parentId: parent!.id,
        schoolId: second.school,
        amountKobo: 100n,
        reason: 'Paid twice',
        requestedBy: principal2!.id,
      })
      .returning();
    foreign.creditPayback = payback!.id;
    // A statement line of the other school, waiting for review: only its own bursary decides it.
    const [statement] = await t.ctx.db
      .insert(bankStatements)
      .values({
        schoolId: second.school,
        fileName: 'wuse.csv',
        format: 'csv',
        accountNumber: '0123456789',
        lineCount: 1,
        alreadyImported: 0,
        problems: [],
        balanceBreaks: [],
        uploadedBy: principal2!.id,
      })
      .returning();
    const [line] = await t.ctx.db
      .insert(bankStatementLines)
      .values({
        statementId: statement!.id,
        schoolId: second.school,
        accountNumber: '0123456789',
        fingerprint: 'sweep',
        occurrence: 1,
        position: 1,
        bookedOn: '2025-11-10',
        direction: 'credit',
        amountKobo: 10_000n,
        narration: 'TRF FROM A PARENT',
        reversal: false,
        status: 'review',
        candidates: [],
      })
      .returning();
    foreign.bankStatementLine = line!.id;
    // A family's virtual account at the other school: only its own staff deactivate or requery it.
    const [account] = await t.ctx.db
      .insert(virtualAccounts)
      .values({
        schoolId: second.school,
        holderKind: 'student',
        holderId: second.student,
        provider: 'paystack',
        accountNumber: '9900000001',
        accountName: 'CRESTVIEW / WUSE FAMILY',
        bankName: 'Wema Bank',
        bankSlug: 'wema-bank',
        providerAccountId: '8310001',
        customerCode: 'CUS_sweep0000000001',
        createdBy: principal2!.id,
      })
      .returning();
    foreign.virtualAccount = account!.id;
    // A till of the other school, counted and waiting for confirmation: only its own people see, confirm or bank it.
    const [till] = await t.ctx.db
      .insert(tillSessions)
      .values({
        schoolId: second.school,
        desk: 'Wuse front desk',
        openedBy: principal2!.id,
        floatCount: { '1000': 1 },
        floatKobo: 100_000n,
        status: 'closing',
        closedCount: { '1000': 1 },
        countedKobo: 100_000n,
        expectedKobo: 100_000n,
        varianceKobo: 0n,
        closedBy: principal2!.id,
        closedAt: now,
      })
      .returning();
    foreign.tillSession = till!.id;
    // A void waiting on one of its payments: only its own school's approvers decide it.
    const [waiting] = await t.ctx.db
      .insert(paymentVoids)
      .values({
        schoolId: second.school,
        paymentId: foreign.payment!,
        tillSessionId: till!.id,
        reason: 'Taken by mistake',
        requestedBy: principal2!.id,
      })
      .returning();
    foreign.paymentVoid = waiting!.id;
  });

  const address = { street: 'Hijacked Road', street_no: '1', town: 'Nowhere', state: 'Lagos', country: 'Nigeria' };
  const studentAddress = { street: '1 Hijacked Road', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' };
  const guardian = { name: 'A Stranger', relationship: 'Mother', phone: '08035556666' };
  const emergencyContact = { name: 'A Stranger', relationship: 'Uncle', phone: '08037778888' };
  const userUpdate = () => ({
    firstname: 'Stolen',
    lastname: 'Name',
    email: 'stolen@example.ng',
    phone: '08030000000',
    roles: ['Student'],
    status: 'active',
  });

  /**
   * A body the route accepts, naming the caller's own records, so the request gets past validation
   * to the record check: a 422 would prove nothing. Null where `{}` is already valid.
   */
  function bodyFor(operation: Operation): Record<string, unknown> | null {
    const route = `${operation.method} ${operation.path.replace('/api/v1', '')}`;
    const student = {
      firstname: 'Stolen',
      lastname: 'Name',
      email: 'stolen.student@example.ng',
      phone: '08031112222',
      DOB: '2013-04-21',
      gender: 'Female',
      regNo: 'CVC/2025/STOLEN',
      address: studentAddress,
      school_id: own.school,
      classArm_id: own.classArm,
      type: 'day',
      expectedGraduationYear: 2031,
      guardian,
      emergencyContact,
    };
    const bodies: Record<string, Record<string, unknown>> = {
      'PUT /address/{id}/update': { ...address, zip_code: '100001' },
      'PUT /classarm/{id}/update': { school_id: own.school, name: 'Hijack 1A', capacity: 40 },
      'PUT /fee/{id}/update': {
        school_id: own.school,
        term_id: foreign.term,
        name: 'Hijacked fee',
        description: 'x',
        type: 'library',
        amount: '1',
      },
      'POST /fee/{id}/reject': { reason: 'no' },
      'PATCH /adjustments/{id}/decision': { status: 'approved' },
      'PATCH /family-credit/paybacks/{id}/decision': { status: 'approved' },
      'POST /adjustments/{id}/reverse': { reason: 'no' },
      'PATCH /adjustment-rules/{id}/decision': { status: 'approved' },
      'PATCH /adjustment-rules/{id}': { is_active: false },
      'PATCH /expenses/{id}': {
        school_id: own.school,
        session_id: foreign.session,
        term_id: foreign.term,
        title: 'Hijacked expense',
        category: 'other',
        amount: 1,
        payee_kind: 'other',
        payee_name: 'A Stranger',
      },
      'POST /expenses/{id}/transitions': { action: 'cancel', reason: 'no' },
      'POST /expenses/{id}/payouts': { amount: 1, method: 'cash', paid_on: '2025-11-10' },
      'POST /expenses/{id}/payouts/{payoutId}/reverse': { reason: 'no' },
      'PUT /expense-policies/{id}': { proprietor_above: 1 },
      'POST /vendors/{id}/bank-changes/{changeId}/reject': { reason: 'no' },
      'PATCH /vendors/{id}': {
        name: 'Hijacked vendor',
        bank_code: 'other',
        bank_name: 'Hijack Bank',
        account_number: '0123456789',
        account_name: 'A Stranger',
      },
      'PUT /groupschool/{id}/update': { name: 'Hijacked', description: 'x' },
      'POST /payment/{id}/refund': { reason: 'no' },
      'POST /payment/{id}/reject-transfer': { reason: 'no' },
      'POST /bank-statements/lines/{id}/confirm': { student_id: own.parent },
      'POST /virtual-accounts/{id}/deactivate': { reason: 'no' },
      'POST /tills/{id}/close': { count: { '1000': 1 }, variance_reason: 'no' },
      'POST /tills/{id}/confirm': {},
      'POST /tills/{id}/bank': { deposit_slip_no: 'no', bank_name: 'no', amount: 1 },
      'POST /tills/{id}/voids': { payment_id: own.parent, reason: 'Hijacked void' },
      'POST /tills/{id}/voids/{voidId}/approve': {},
      'POST /tills/{id}/voids/{voidId}/reject': { note: 'no' },
      'PUT /school/{id}/update': {
        ...address,
        zip_code: '100001',
        groupSchool_id: own.school,
        name: 'Hijacked',
        phoneNumber: '+2348000000000',
      },
      'PUT /session/{id}/update': {
        school_id: own.school,
        name: '2099/2100',
        startDate: '2099-09-01',
        endDate: '2100-07-31',
      },
      'PUT /term/{id}/update': {
        session: foreign.session,
        name: 'Hijack',
        startDate: '2025-09-08',
        endDate: '2025-09-30',
      },
      'PUT /results/{id}': {
        average: 50,
        position: null,
        classSize: null,
        daysPresent: null,
        totalDays: null,
        lateDays: null,
        subjects: [],
      },
      'PUT /students/{id}': student,
      'PUT /students/{id}/profile': { phone: '08031112222', address: studentAddress, guardian, emergencyContact },
      'PUT /students/{id}/academic': { academicStatus: 'active', classArm_id: own.classArm },
      'POST /students/{id}/promote': { toClassArm_id: own.otherArm },
      'POST /students/{id}/disciplinary': { date: '2025-11-10', category: 'lateness', description: 'x' },
      'POST /students/{id}/link-parent': { parentId: own.parent },
      'POST /students/{id}/unlink-parent': { parentId: own.parent },
      'PUT /user/{id}': userUpdate(),
      'PUT /user/{id}/update': userUpdate(),
      'PUT /user/update-student/{id}': student,
      'POST /users/{id}/erase': { confirmName: 'Stolen Name' },
    };
    return bodies[route] ?? null;
  }

  async function send(who: string, operation: Operation, id: string) {
    let url = operation.path;
    for (const name of operation.pathParams) url = url.replace(`{${name}}`, encodeURIComponent(id));
    const headers = await t.as(who);
    if (operation.body === 'multipart') {
      const boundary = 'sweep-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        tinyPng(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: operation.method,
        url,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    }
    const body = operation.body === 'json' ? (bodyFor(operation) ?? {}) : undefined;
    return t.app.inject({ method: operation.method, url, headers, ...(body === undefined ? {} : { payload: body }) });
  }

  it('finds the routes that take an id in their path', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths.length).toBeGreaterThan(45);
    expect(
      operations
        .filter((operation) => !operation.takesIds)
        .map((operation) => operation.path)
        .sort(),
    ).toEqual(['/api/v1/payment/checkout/{reference}', '/api/v1/payment/{reference}/status']);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/fee/{id}',
        'DELETE /api/v1/students/{id}',
        'POST /api/v1/payment/{id}/refund',
        'GET /api/v1/paymentprofile/{school_id}',
      ]),
    );
  });

  it('answers 404 (or 403 to a role the route refuses), never 2xx and never 500, and changes nothing', async () => {
    const failures: string[] = [];
    const answered: Record<number, number> = {};
    for (const who of CALLERS) {
      for (const operation of operations) {
        for (const [kind, id] of Object.entries(operation.takesIds ? foreign : foreignKeys)) {
          const response = await send(who, operation, id);
          answered[response.statusCode] = (answered[response.statusCode] ?? 0) + 1;
          const envelope = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
          const refused =
            (response.statusCode === 403 || response.statusCode === 404) &&
            envelope?.success === false &&
            envelope?.data === null;
          if (!refused) {
            failures.push(
              `${who} ${operation.method} ${operation.path} with the ${kind} -> ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The sweep reached the record checks, not only the role checks.
    expect(answered[404]).toBeGreaterThan(operations.length);
    expect(answered[403]).toBeGreaterThan(0);

    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.id, foreign.school!));
    expect(school!.name).toBe(SECOND_SCHOOL);
    const [student] = await t.ctx.db.select().from(users).where(eq(users.id, foreign.student!));
    expect(student).toMatchObject({ deletedAt: null, status: 'active' });
    expect(student!.firstname).not.toBe('Stolen');
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.refundOf, foreign.payment!));
    expect(payment).toBeUndefined();
    const [rule] = await t.ctx.db.select().from(adjustmentRules).where(eq(adjustmentRules.id, foreign.adjustmentRule!));
    expect(rule).toMatchObject({ status: 'pending', isActive: true });
    const [policy] = await t.ctx.db
      .select()
      .from(lateFeePolicies)
      .where(eq(lateFeePolicies.id, foreign.lateFeePolicy!));
    expect(policy).toBeDefined();
    const [expense] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, foreign.expense!));
    expect(expense).toMatchObject({ status: 'partially_paid', paidKobo: 4_000n, title: 'Wuse generator diesel' });
    const payouts = await t.ctx.db.select().from(expensePayouts).where(eq(expensePayouts.expenseId, foreign.expense!));
    expect(payouts.map((payout) => payout.id)).toEqual([foreign.expensePayout]);
    const [attachment] = await t.ctx.db
      .select()
      .from(expenseAttachments)
      .where(eq(expenseAttachments.id, foreign.expenseAttachment!));
    expect(attachment).toBeDefined();
    const [line] = await t.ctx.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, foreign.bankStatementLine!));
    expect(line).toMatchObject({ status: 'review', paymentIds: null, note: null });
    const [account] = await t.ctx.db
      .select()
      .from(virtualAccounts)
      .where(eq(virtualAccounts.id, foreign.virtualAccount!));
    expect(account).toMatchObject({ active: true, deactivatedAt: null });
    const [till] = await t.ctx.db.select().from(tillSessions).where(eq(tillSessions.id, foreign.tillSession!));
    expect(till).toMatchObject({ status: 'closing', confirmedAt: null, bankedAt: null });
    const [waiting] = await t.ctx.db.select().from(paymentVoids).where(eq(paymentVoids.id, foreign.paymentVoid!));
    expect(waiting).toMatchObject({ status: 'pending', decidedBy: null, refundPaymentId: null });
  }, 180_000);
});
