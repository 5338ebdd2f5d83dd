import { addDays, todayIn } from '@schoolledger/domain';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { classArms, feeClassArms, feeEvents, feeStudents, fees, terms, users } from '../db/schema.js';
import type { PastAuditEntry } from '../modules/audit/audit.queries.js';
import { defaultTermOf } from '../modules/fees/fees.queries.js';
import { feeAuditEntries } from './audit.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface SchoolFeeSeed {
  schoolId: string;
  /** Who set the fees up, and who approved them (never the same person). */
  creatorId: string;
  approverId: string;
  /** Students who take the school bus, beyond the first few of the school. */
  transportStudentIds: string[];
}

type FeeValues = Omit<typeof fees.$inferInsert, 'schoolId' | 'termId'> & {
  classArmIds?: string[];
  studentIds?: string[];
};

/**
 * The current term's fees of each demo school: tuition by level, a development levy payable in
 * three installments, an examination fee, transport for a few students, and one fee waiting for
 * approval. Due dates are relative to today so one is overdue and one due within the week.
 * Approved today, or (`setUpBeforeTerm`, when the demo has a history of payments on them) set up
 * two weeks before the term began and approved the day after, as last session's were.
 */
export async function seedDemoFees(
  tx: DbOrTx,
  schoolSeeds: SchoolFeeSeed[],
  now: Date,
  options: { setUpBeforeTerm: boolean } = { setUpBeforeTerm: false },
): Promise<PastAuditEntry[]> {
  const audits: PastAuditEntry[] = [];
  const today = todayIn('Africa/Lagos', now);
  const inDays = (days: number) => addDays(today, days);
  for (const school of schoolSeeds) {
    const termId = await defaultTermOf(tx, school.schoolId, today);
    if (!termId) continue;
    const arms = await tx
      .select({ id: classArms.id, name: classArms.name })
      .from(classArms)
      .where(eq(classArms.schoolId, school.schoolId));
    const armsOf = (prefix: string) => arms.filter((arm) => arm.name.startsWith(prefix)).map((arm) => arm.id);
    const riders = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.schoolId), arrayContains(users.roles, ['Student'])))
      .orderBy(asc(users.regNo))
      .limit(3);
    const [term] = await tx.select({ startDate: terms.startDate }).from(terms).where(eq(terms.id, termId));
    const beforeTerm = new Date(`${term!.startDate}T09:00:00+01:00`).getTime() - 14 * DAY_MS;
    const created = new Date(
      options.setUpBeforeTerm ? Math.min(beforeTerm, now.getTime() - DAY_MS - HOUR_MS) : now.getTime() - HOUR_MS,
    );
    const approvedAt = options.setUpBeforeTerm ? new Date(created.getTime() + DAY_MS) : now;
    const approved = { status: 'approved' as const, approvedBy: school.approverId, approvedAt };
    const seeds: FeeValues[] = [
      {
        name: 'JSS Tuition',
        description: 'Tuition for junior secondary classes',
        type: 'tuition',
        amountKobo: 18_500_000n,
        dueDate: inDays(21),
        appliesTo: 'classArms',
        classArmIds: armsOf('JSS'),
        ...approved,
      },
      {
        name: 'SS Tuition',
        description: 'Tuition for senior secondary classes',
        type: 'tuition',
        amountKobo: 21_500_000n,
        dueDate: inDays(21),
        appliesTo: 'classArms',
        classArmIds: armsOf('SS'),
        ...approved,
      },
      {
        name: 'Development levy',
        description: 'Building and facilities development levy, payable in up to three installments',
        type: 'development',
        amountKobo: 2_500_000n,
        isInstallmentAllowed: true,
        installments: 3,
        dueDate: inDays(5),
        ...approved,
      },
      {
        name: 'Examination fee',
        description: 'Continuous assessment and end-of-term examinations',
        type: 'examination',
        amountKobo: 1_250_000n,
        dueDate: inDays(-4),
        ...approved,
      },
      {
        name: 'Transport',
        description: 'School bus, morning and afternoon routes',
        type: 'transport',
        amountKobo: 4_500_000n,
        dueDate: inDays(30),
        appliesTo: 'students',
        studentIds: [...new Set([...school.transportStudentIds, ...riders.map((rider) => rider.id)])],
        ...approved,
      },
      {
        name: 'Sports and inter-house games',
        description: 'Kits and the inter-house sports competition',
        type: 'sports',
        amountKobo: 800_000n,
        dueDate: inDays(40),
      },
    ];
    for (const { classArmIds = [], studentIds = [], ...values } of seeds) {
      const [fee] = await tx
        .insert(fees)
        .values({
          ...values,
          schoolId: school.schoolId,
          termId,
          createdBy: school.creatorId,
          updatedBy: school.creatorId,
          ...(values.status === 'approved' ? { createdAt: created, updatedAt: approvedAt } : {}),
        })
        .returning();
      // The fee waiting for approval was written an hour ago whatever the history.
      const createdAt = values.status === 'approved' ? created : new Date(now.getTime() - HOUR_MS);
      if (classArmIds.length) {
        await tx
          .insert(feeClassArms)
          .values(classArmIds.map((classArmId) => ({ feeId: fee!.id, schoolId: school.schoolId, classArmId })));
      }
      if (studentIds.length) {
        await tx
          .insert(feeStudents)
          .values(studentIds.map((studentId) => ({ feeId: fee!.id, schoolId: school.schoolId, studentId })));
      }
      const event = { feeId: fee!.id, schoolId: school.schoolId };
      await tx.insert(feeEvents).values([
        {
          ...event,
          actorId: school.creatorId,
          action: 'created' as const,
          createdAt,
        },
        ...(values.status === 'approved'
          ? [{ ...event, actorId: school.approverId, action: 'approved' as const, createdAt: approvedAt }]
          : []),
      ]);
      audits.push(
        ...feeAuditEntries(fee!, { classArmIds, studentIds }, school, { created: createdAt, approved: approvedAt }),
      );
    }
  }
  return audits;
}
