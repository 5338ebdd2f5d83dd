import { displayName, LAGOS, type PeriodCloseInput, type PeriodCloses, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { booksBusy, closeInFuture, isLockTimeout, periodAlreadyClosed } from './books.errors.js';
import { closedThrough, closesOf, holdPostings, insertClose, schoolRef } from './books.queries.js';

/*
 * Closing a school's books through a day: from then on the database refuses any entry dated on or
 * before it, and what moves later for a closed day is posted on the first open day. A close is
 * never undone or moved back (the table is append-only), so a correction is posted in the open
 * period, as an accountant expects.
 */

const CLOSE_ATTEMPTS = 3;

export const CLOSES = {
  loaded: 'Period closes loaded',
  closed: 'Books closed',
} as const;

async function closesView(db: DbOrTx, schoolId: string): Promise<PeriodCloses> {
  const [school, rows] = await Promise.all([schoolRef(db, schoolId), closesOf(db, schoolId)]);
  return {
    school: { _id: schoolId, name: school?.name ?? '' },
    closedThrough: rows[0]?.closedThrough ?? null,
    closes: rows.map((row) => ({
      _id: row.id,
      closedThrough: row.closedThrough,
      closedBy:
        row.closedById && row.closedByFirstname && row.closedByLastname
          ? {
              _id: row.closedById,
              name: displayName({
                firstname: row.closedByFirstname,
                middlename: row.closedByMiddlename,
                lastname: row.closedByLastname,
              }),
            }
          : null,
      closedAt: row.closedAt.toISOString(),
    })),
  };
}

export async function listCloses({
  ctx,
  auth,
  schoolId,
}: {
  ctx: AppContext;
  auth: AuthContext;
  schoolId: string;
}): Promise<PeriodCloses> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId);
  return closesView(ctx.db, schoolId);
}

export async function closePeriod({
  ctx,
  auth,
  actor,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: PeriodCloseInput;
}): Promise<PeriodCloses> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
  if (input.closed_through > todayIn(LAGOS, ctx.clock())) throw closeInFuture();
  const close = () =>
    ctx.db.transaction(async (tx) => {
      await holdPostings(tx);
      const last = await closedThrough(tx, input.school_id);
      if (last && input.closed_through <= last) throw periodAlreadyClosed(last);
      const row = await insertClose(tx, {
        schoolId: input.school_id,
        closedThrough: input.closed_through,
        closedBy: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: 'ledger_period_close.create',
        entity: 'ledger_period_close',
        entityId: row.id,
        schoolId: row.schoolId,
        before: { closedThrough: last },
        after: { closedThrough: row.closedThrough },
      });
      return closesView(tx, input.school_id);
    });
  // The close steps back for postings under way (see holdPostings); a few tries find a quiet moment.
  for (let attempt = 1; ; attempt++) {
    try {
      return await close();
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      if (attempt === CLOSE_ATTEMPTS) throw booksBusy();
    }
  }
}
