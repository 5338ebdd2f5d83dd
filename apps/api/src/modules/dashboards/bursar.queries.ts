import { ONLINE_METHODS } from '@schoolledger/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { ReadDb } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

/**
 * What waits for the bursary, whatever its date: transfer claims not yet confirmed or rejected,
 * and online payments held for review. Both counts in one pass over the school's open rows.
 */
export async function paymentAlerts(db: ReadDb, scope: Scope) {
  const [row] = await db
    .select({
      pendingTransfers: sql<number>`(count(*) filter (where ${payments.method} = 'bank_transfer' and ${payments.status} = 'pending'))::int`,
      underReview: sql<number>`(count(*) filter (where ${payments.status} = 'review'))::int`,
    })
    .from(payments)
    .where(
      and(
        inSchoolScope(scope, payments.schoolId),
        sql`${payments.kind} = 'payment'`,
        // Shaped for the (school, method, status) index: abandoned online attempts, also pending, are not read.
        sql`((${payments.method} = 'bank_transfer' and ${payments.status} = 'pending')
          or (${inArray(payments.method, [...ONLINE_METHODS])} and ${payments.status} = 'review'))`,
      ),
    );
  return row ?? { pendingTransfers: 0, underReview: 0 };
}
