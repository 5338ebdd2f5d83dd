import { randomUUID } from 'node:crypto';
import { todayIn } from '@schoolledger/domain';
import { and, eq, isNull, sql, TransactionRollbackError } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client.js';
import { paymentsThatHappened } from '../src/db/payment-attempts.js';
import { rowsOf } from '../src/db/rows.js';
import { fees, payments, schools, users } from '../src/db/schema.js';
import { termPosition, termPositionByClassArm } from '../src/modules/dashboards/collections.queries.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { reportByClassArm, reportSummary } from '../src/modules/fees/outstanding-report.queries.js';
import type { Scope } from '../src/plugins/tenancy.js';
import { useTestApp } from './helper.js';

const t = useTestApp();

/** A term's positions as the triggers keep them, and as `refresh_term_balances` recomputes them (then rolled back). */
async function positionsAndRecomputed(termId: string) {
  type Position = { student_id: string; fees: number; expected: string; paid: string; outstanding: string };
  const read = (db: DbOrTx) =>
    rowsOf<Position>(
      db,
      sql`select student_id, fees, expected_kobo::text as expected, paid_kobo::text as paid,
          outstanding_kobo::text as outstanding
        from student_term_balances where term_id = ${termId} order by student_id`,
    );
  const kept = await read(t.ctx.db);
  let recomputed: Position[] = [];
  await t.ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`select refresh_term_balances(${termId}::uuid, null)`);
      recomputed = await read(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return { kept, recomputed };
}

/** The summaries as the trigger kept them, and as a live aggregate of every payment row computes them. */
async function summariesAndLive() {
  const db = t.ctx.db;
  const [kept, live, keptPaid, livePaid, keptStatuses, liveStatuses, keptTermDays, liveTermDays] = await Promise.all([
    rowsOf<{ school_id: string; day: string; method: string; payments: number; amount: string }>(
      db,
      sql`select school_id, to_char(day, 'YYYY-MM-DD') as day, method, payments, amount_kobo::text as amount
        from daily_collections where payments <> 0 or amount_kobo <> 0 order by 1, 2, 3`,
    ),
    rowsOf<{ school_id: string; day: string; method: string; payments: number; amount: string }>(
      db,
      sql`select school_id, to_char(coalesce(paid_at, created_at) at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day,
          method, (count(*) filter (where kind = 'payment'))::int as payments,
          sum(case when kind = 'refund' then -amount_kobo else amount_kobo end)::text as amount
        from payments where status = 'success' group by 1, 2, 3
        having count(*) filter (where kind = 'payment') <> 0 or sum(case when kind = 'refund' then -amount_kobo else amount_kobo end) <> 0
        order by 1, 2, 3`,
    ),
    rowsOf<{ fee_id: string; student_id: string; paid: string }>(
      db,
      sql`select fee_id, student_id, paid_kobo::text as paid from fee_student_paid where paid_kobo <> 0 order by 1, 2`,
    ),
    rowsOf<{ fee_id: string; student_id: string; paid: string }>(
      db,
      sql`select fee_id, student_id, sum(case when kind = 'refund' then -amount_kobo else amount_kobo end)::text as paid
        from payments where status = 'success' group by 1, 2
        having sum(case when kind = 'refund' then -amount_kobo else amount_kobo end) <> 0 order by 1, 2`,
    ),
    rowsOf<{ school_id: string; day: string; status: string; payments: number; amount: string }>(
      db,
      sql`select school_id, to_char(day, 'YYYY-MM-DD') as day, status, payments, amount_kobo::text as amount
        from daily_payment_statuses where payments <> 0 order by 1, 2, 3`,
    ),
    rowsOf<{ school_id: string; day: string; status: string; payments: number; amount: string }>(
      db,
      sql`select school_id, to_char(created_at at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day, status,
          count(*)::int as payments, sum(amount_kobo)::text as amount
        from payments where kind = 'payment' and ${paymentsThatHappened()} group by 1, 2, 3 order by 1, 2, 3`,
    ),
    rowsOf<{ term_id: string; day: string; amount: string }>(
      db,
      sql`select term_id, to_char(day, 'YYYY-MM-DD') as day, amount_kobo::text as amount
        from term_daily_collections where amount_kobo <> 0 order by 1, 2`,
    ),
    rowsOf<{ term_id: string; day: string; amount: string }>(
      db,
      sql`select f.term_id, to_char(coalesce(p.paid_at, p.created_at) at time zone 'Africa/Lagos', 'YYYY-MM-DD') as day,
          sum(case when p.kind = 'refund' then -p.amount_kobo else p.amount_kobo end)::text as amount
        from payments p join fees f on f.id = p.fee_id where p.status = 'success' group by 1, 2
        having sum(case when p.kind = 'refund' then -p.amount_kobo else p.amount_kobo end) <> 0 order by 1, 2`,
    ),
  ]);
  return { kept, live, keptPaid, livePaid, keptStatuses, liveStatuses, keptTermDays, liveTermDays };
}

const STATUSES = ['pending', 'success', 'failed', 'review'] as const;
const METHODS = ['paystack', 'flutterwave', 'bank_transfer', 'cash'] as const;

const operation = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    status: fc.constantFrom(...STATUSES),
    method: fc.constantFrom(...METHODS),
    kind: fc.constantFrom('payment' as const, 'refund' as const),
    amountKobo: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    // Around Lagos midnight, where a UTC day and a Lagos day differ.
    paidAt: fc.option(
      fc.date({ min: new Date('2026-01-01T21:00:00Z'), max: new Date('2026-01-03T02:00:00Z'), noInvalidDate: true }),
    ),
    student: fc.nat(2),
  }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
);

describe('the collection summaries the dashboards read', () => {
  it('equal a live aggregate of the payments after any mix of credits, refunds and status changes', async () => {
    const db = t.ctx.db;
    const [context] = await rowsOf<{ school_id: string; fee_id: string; term_id: string; students: string[] }>(
      db,
      // A fee and three of the students it charges, so each payment moves a term position. The
      // demo's fees share their creation time, so the order names the fee whole.
      sql`select f.school_id, f.id as fee_id, f.term_id,
          (select array_agg(c.student_id order by c.student_id) from (select student_id
            from term_fee_students(f.term_id, null) where fee_id = f.id order by student_id limit 3) c) as students
        from fees f
        where exists (select 1 from term_fee_students(f.term_id, null) c where c.fee_id = f.id)
        order by f.created_at, f.id limit 1`,
    );
    const made: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const step of operations) {
          if (step.op === 'insert') {
            const [row] = await db
              .insert(payments)
              .values({
                schoolId: context!.school_id,
                studentId: context!.students[step.student % context!.students.length]!,
                feeId: context!.fee_id,
                amountKobo: step.amountKobo,
                status: step.status,
                method: step.method,
                kind: step.kind,
                reference: `SUMMARY-${randomUUID()}`,
                paidAt: step.paidAt,
              })
              .returning({ id: payments.id });
            made.push(row!.id);
          } else if (made.length > 0) {
            const id = made[step.pick % made.length]!;
            await db.execute(sql`update payments set status = ${step.status} where id = ${id}`);
          }
        }
        const { kept, live, keptPaid, livePaid, keptStatuses, liveStatuses, keptTermDays, liveTermDays } =
          await summariesAndLive();
        expect(kept).toEqual(live);
        expect(keptTermDays).toEqual(liveTermDays);
        expect(keptPaid).toEqual(livePaid);
        expect(keptStatuses).toEqual(liveStatuses);
        // The term positions, moved by each payment's difference, equal a recompute from every fee.
        const positions = await positionsAndRecomputed(context!.term_id);
        expect(positions.kept).toEqual(positions.recomputed);
      }),
      { numRuns: 25 },
    );
    expect(made.length).toBeGreaterThan(0);
    // The payments were on a fee that charges these students, so their positions moved.
    const { kept } = await positionsAndRecomputed(context!.term_id);
    expect(kept.filter((row) => context!.students.includes(row.student_id) && row.paid !== '0')).not.toEqual([]);
  });
});

/**
 * The dashboards' term figures (kept by triggers) against the outstanding report (summed from the
 * payments and fees as they are now), for every school's current term and class arm.
 */
async function expectTermFiguresMatchTheReport(paidBefore?: Map<string, bigint>, paidNow?: Map<string, bigint>) {
  const db = t.ctx.db;
  const today = todayIn();
  const schoolRows = await db.select({ id: schools.id, groupSchoolId: schools.groupSchoolId }).from(schools);
  for (const school of schoolRows) {
    const termId = (await defaultTermOf(db, school.id, today))!;
    const scope: Scope = { kind: 'school', schoolId: school.id, groupSchoolId: school.groupSchoolId };
    const figures = await termPosition(db, { scope, today });
    const report = await reportSummary(db, { schoolId: school.id, termId, today });
    if (paidBefore && paidNow) {
      expect(figures.paidKobo - paidBefore.get(school.id)!).toBe(paidNow.get(school.id));
    }
    expect({
      expected: figures.expectedKobo.toString(),
      paid: figures.paidKobo.toString(),
      outstanding: figures.outstandingKobo.toString(),
      owing: figures.owing,
    }).toEqual({ expected: report.expected, paid: report.paid, outstanding: report.outstanding, owing: report.owing });
    const byArm = await termPositionByClassArm(db, { scope, today });
    const reportByArm = await reportByClassArm(db, { schoolId: school.id, termId, today });
    const armsOwed = reportByArm.filter((row) => BigInt(row.expected) > 0n);
    expect(armsOwed.length).toBeGreaterThan(1);
    for (const arm of armsOwed) {
      expect(byArm.get(arm.class_arm_id)?.outstandingKobo.toString()).toBe(arm.outstanding);
    }
  }
}

describe('the term figures the dashboards show', () => {
  it('agree with the outstanding report, which sums the payments themselves, per school and class arm', async () => {
    const db = t.ctx.db;
    const today = todayIn();
    const schoolRows = await db.select({ id: schools.id, groupSchoolId: schools.groupSchoolId }).from(schools);
    const scopeOf = (school: (typeof schoolRows)[number]): Scope => ({
      kind: 'school',
      schoolId: school.id,
      groupSchoolId: school.groupSchoolId,
    });
    const paidBefore = new Map<string, bigint>();
    const paidNow = new Map<string, bigint>();
    // Money on a school-wide fee of this term for three students of each school: a part payment,
    // a full one, a payment partly refunded.
    for (const school of schoolRows) {
      const termId = await defaultTermOf(db, school.id, today);
      const [fee] = await db
        .select()
        .from(fees)
        .where(
          and(
            eq(fees.schoolId, school.id),
            eq(fees.termId, termId!),
            eq(fees.status, 'approved'),
            eq(fees.appliesTo, 'school'),
          ),
        )
        .limit(1);
      const students = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.schoolId, school.id),
            eq(users.status, 'active'),
            isNull(users.deletedAt),
            sql`'Student' = any(${users.roles})`,
          ),
        )
        .orderBy(users.id)
        .limit(3);
      expect(fee).toBeDefined();
      expect(students).toHaveLength(3);
      const rows = [
        { student: 0, amountKobo: 12_345n, kind: 'payment' as const },
        { student: 1, amountKobo: fee!.amountKobo, kind: 'payment' as const },
        { student: 2, amountKobo: 50_000n, kind: 'payment' as const },
        { student: 2, amountKobo: 20_000n, kind: 'refund' as const },
      ];
      paidBefore.set(school.id, (await termPosition(db, { scope: scopeOf(school), today })).paidKobo);
      paidNow.set(school.id, 12_345n + fee!.amountKobo + 50_000n - 20_000n);
      for (const row of rows) {
        await db.insert(payments).values({
          schoolId: school.id,
          studentId: students[row.student]!.id,
          feeId: fee!.id,
          amountKobo: row.amountKobo,
          status: 'success',
          method: 'cash',
          kind: row.kind,
          reference: `TERM-${randomUUID()}`,
          paidAt: new Date(),
        });
      }
    }
    await expectTermFiguresMatchTheReport(paidBefore, paidNow);
  });

  it('follow the students and fees they are made of: class arm moves, deactivations, fee edits, approvals and targets', async () => {
    const db = t.ctx.db;
    const [student] = await rowsOf<{ id: string; school_id: string; class_arm_id: string }>(
      db,
      sql`select id, school_id, class_arm_id from users
        where 'Student' = any(roles) and status = 'active' and class_arm_id is not null order by id limit 1`,
    );
    const [otherArm] = await rowsOf<{ id: string }>(
      db,
      sql`select id from class_arms where school_id = ${student!.school_id} and id <> ${student!.class_arm_id}
        order by name desc limit 1`,
    );
    await db.execute(sql`update users set class_arm_id = ${otherArm!.id} where id = ${student!.id}`);
    await expectTermFiguresMatchTheReport();
    await db.execute(sql`update users set status = 'inactive'
      where id = (select id from users where 'Student' = any(roles) and status = 'active' order by id desc limit 1)`);
    await expectTermFiguresMatchTheReport();
    await db.execute(sql`update fees set amount_kobo = amount_kobo + 7
      where id = (select id from fees where status = 'approved' and applies_to = 'classArms' order by id limit 1)`);
    await expectTermFiguresMatchTheReport();
    await db.execute(sql`update fees set status = 'approved' where status = 'pending'`);
    await expectTermFiguresMatchTheReport();
    await db.execute(sql`insert into fee_class_arms (fee_id, school_id, class_arm_id)
      select f.id, f.school_id, a.id from fees f join class_arms a on a.school_id = f.school_id
      where f.applies_to = 'classArms' and f.status = 'approved'
        and not exists (select 1 from fee_class_arms x where x.fee_id = f.id and x.class_arm_id = a.id)
      order by f.id, a.id limit 3`);
    await expectTermFiguresMatchTheReport();
    await db.execute(sql`delete from fee_class_arms
      where (fee_id, class_arm_id) in (select fee_id, class_arm_id from fee_class_arms order by fee_id, class_arm_id limit 2)`);
    await expectTermFiguresMatchTheReport();
  });
});
