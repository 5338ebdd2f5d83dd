import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { classArms, feeClassArms, feeStudents, fees, users } from '../../../db/schema.js';
import { payable } from '../../fees/fees.queries.js';
import type { ResolvedReport } from '../report-definition.js';
import { personName } from './person-name.js';

const feeFields = {
  fee: fees.name,
  type: fees.type,
  amountKobo: fees.amountKobo,
  dueDate: fees.dueDate,
  createdAt: fees.createdAt,
  installmentAllowed: fees.isInstallmentAllowed,
  installments: fees.installments,
};

/** Fees of the school and fees aimed at the class arm; fees aimed at named students are listed apart. */
const appliesToArm = or(
  eq(fees.appliesTo, 'school'),
  and(
    eq(fees.appliesTo, 'classArms'),
    sql`exists (select 1 from ${feeClassArms} where ${feeClassArms.feeId} = ${fees.id} and ${feeClassArms.classArmId} = ${classArms.id})`,
  ),
);

/** Every class arm of the report with each payable fee of the term that its students owe. */
export function feesByClassArm(db: ReadDb, report: ResolvedReport, termId: string) {
  return db
    .select({ classArm: classArms.name, ...feeFields })
    .from(classArms)
    .innerJoin(fees, and(eq(fees.schoolId, classArms.schoolId), eq(fees.termId, termId), payable, appliesToArm))
    .where(
      and(report.inSchools(classArms.schoolId), report.classArm ? eq(classArms.id, report.classArm.id) : undefined),
    )
    .orderBy(classArms.name, fees.name, fees.id);
}

/** The payable fees of the term aimed at named students, one line per student and fee. */
export function feesForNamedStudents(db: ReadDb, report: ResolvedReport, termId: string) {
  return db
    .select({ student: personName(users), regNo: users.regNo, classArm: classArms.name, ...feeFields })
    .from(fees)
    .innerJoin(feeStudents, eq(feeStudents.feeId, fees.id))
    .innerJoin(users, and(eq(users.id, feeStudents.studentId), isNull(users.deletedAt)))
    .leftJoin(classArms, eq(classArms.id, users.classArmId))
    .where(
      and(
        report.inSchools(fees.schoolId),
        eq(fees.termId, termId),
        payable,
        eq(fees.appliesTo, 'students'),
        report.classArm ? eq(users.classArmId, report.classArm.id) : undefined,
      ),
    )
    .orderBy(users.lastname, users.firstname, users.id, fees.name);
}

/** A fee as the schedule prints it, whichever list it came from. */
export type ScheduledFee = Omit<Awaited<ReturnType<typeof feesByClassArm>>[number], 'classArm'>;
