import {
  displayName,
  entityMessages,
  type OwedFee,
  type OwedFees,
  type owedFeesQuerySchema,
  todayIn,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { fieldError, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { owedFeesOfSchool, schoolName } from './owed-fees.queries.js';

const SCHOOL = entityMessages('School');
type FeeType = OwedFee['fee']['type'];

/**
 * What every student of one school still owes, for the cash desk to keep on the device and take
 * cash from while the network is down. The server still decides each payment when it arrives.
 */
export async function owedFees(
  ctx: AppContext,
  auth: AuthContext,
  query: z.output<typeof owedFeesQuerySchema>,
): Promise<OwedFees> {
  const schoolId = query.school_id ?? auth.schoolId;
  if (!schoolId) throw fieldError('school_id', 'School is required');
  assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  const asOf = ctx.clock();
  const [name, rows] = await Promise.all([
    schoolName(ctx.db, schoolId),
    // The primary, not the replica: the desk takes money against these figures.
    owedFeesOfSchool(ctx.db, schoolId, todayIn('Africa/Lagos', asOf)),
  ]);
  if (name === undefined) throw notFound(SCHOOL.notFound);

  const students: OwedFees['students'] = [];
  for (const row of rows) {
    let student = students.at(-1);
    if (student?._id !== row.student_id) {
      student = {
        _id: row.student_id,
        name: displayName(row),
        regNo: row.reg_no,
        classArm: row.class_arm,
        fees: [],
      };
      students.push(student);
    }
    student.fees.push({
      fee: {
        _id: row.fee_id,
        name: row.fee_name,
        type: row.fee_type as FeeType,
        term: { name: row.term, session: { name: row.session } },
      },
      amountDue: BigInt(row.amount_due),
      amountPaid: BigInt(row.amount_paid),
      outstanding: BigInt(row.outstanding),
      dueDate: row.due_date,
    });
  }
  return { school: { _id: schoolId, name }, asOf: asOf.toISOString(), students };
}
