import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fees, users } from '../../db/schema.js';
import { feeAppliesTo } from './fees.queries.js';

/** The students (not deleted) a fee applies to: its whole school, its class arms or the students chosen. */
export async function studentsOfFee(db: DbOrTx, feeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(fees, eq(fees.id, feeId))
    .where(and(arrayContains(users.roles, ['Student']), isNull(users.deletedAt), feeAppliesTo('"users"')));
  return rows.map((row) => row.id);
}
