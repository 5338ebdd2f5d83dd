import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, ReadDb } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { bankStatementLines, providerSettlements } from '../../db/schema.js';

export type SettlementRow = typeof providerSettlements.$inferSelect;
export type SettlementValues = Omit<
  typeof providerSettlements.$inferInsert,
  'id' | 'bankLineId' | 'matchedBy' | 'matchedAt' | 'fetchedAt'
>;

/**
 * Saves a settlement as the provider reports it now; one already matched to a statement line keeps
 * what was matched (its entry is posted). Answers whether it was new.
 */
export async function saveSettlement(db: DbOrTx, values: SettlementValues, now: Date): Promise<boolean> {
  const [row] = await db
    .insert(providerSettlements)
    .values({ ...values, fetchedAt: now })
    .onConflictDoUpdate({
      target: [providerSettlements.schoolId, providerSettlements.provider, providerSettlements.providerSettlementId],
      set: {
        settledOn: values.settledOn,
        status: values.status,
        grossKobo: values.grossKobo,
        chargesKobo: values.chargesKobo,
        netKobo: values.netKobo,
        transactionCount: values.transactionCount,
        recordedKobo: values.recordedKobo,
        recordedCount: values.recordedCount,
        bankedKobo: values.bankedKobo,
        unrecorded: values.unrecorded,
        fetchedAt: now,
      },
      setWhere: isNull(providerSettlements.bankLineId),
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return row?.inserted ?? false;
}

/** A school's settlements already matched, by the provider's id: asked again, they are not re-read. */
export async function matchedSettlementIds(db: DbOrTx, schoolId: string, provider: SettlementRow['provider']) {
  const rows = await db
    .select({ id: providerSettlements.providerSettlementId })
    .from(providerSettlements)
    .where(
      and(
        eq(providerSettlements.schoolId, schoolId),
        eq(providerSettlements.provider, provider),
        sql`${providerSettlements.bankLineId} is not null`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A PostgreSQL text[] literal: each value quoted, its quotes and backslashes escaped. */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/**
 * What SchoolLedger recorded of a settlement's transactions: its successful payments through the
 * provider found by the provider's transaction id or our reference (checkouts), and those a
 * transfer into a family's account became (found by the provider's transaction id; they post to
 * the bank, so they are `banked`). One row per transaction found, keyed by what found it.
 */
export async function recordedOf(
  db: DbOrTx,
  {
    schoolId,
    provider,
    references,
    transactionIds,
  }: { schoolId: string; provider: SettlementRow['provider']; references: string[]; transactionIds: string[] },
) {
  return rowsOf<{ key: string; kobo: string; banked: boolean }>(
    db,
    sql`select case when p.provider_id = any(${textArray(transactionIds)}::text[]) then p.provider_id else p.reference end as key,
               sum(p.amount_kobo)::text as kobo, false as banked
        from payments p
        where p.method = ${provider} and p.school_id = ${schoolId} and p.status = 'success' and p.kind = 'payment'
          and (p.provider_id = any(${textArray(transactionIds)}::text[]) or p.reference = any(${textArray(references)}::text[]))
        group by 1
        union all
        select c.provider_transaction_id, sum(p.amount_kobo)::text, true
        from virtual_account_credits c
        join payments p on p.id = any(c.payment_ids) and p.status = 'success'
        where c.provider = ${provider} and c.provider_transaction_id = any(${textArray(transactionIds)}::text[])
          and c.school_id = ${schoolId}
        group by c.provider_transaction_id`,
  );
}

/** Unmatched settlements of a school, and unmatched statement lines that read as settlements. */
export async function unmatchedOf(db: DbOrTx, schoolId: string) {
  const [settlements, lines] = await Promise.all([
    db
      .select()
      .from(providerSettlements)
      .where(and(eq(providerSettlements.schoolId, schoolId), isNull(providerSettlements.bankLineId)))
      .orderBy(asc(providerSettlements.settledOn), asc(providerSettlements.id)),
    rowsOf<{ id: string; booked_on: string; amount_kobo: string; narration: string }>(
      db,
      sql`select l.id, l.booked_on::text, l.amount_kobo::text, l.narration from ${bankStatementLines} l
          where l.school_id = ${schoolId} and l.settlement and l.direction = 'credit'
            and not exists (select 1 from ${providerSettlements} s where s.bank_line_id = l.id)
          order by l.booked_on, l.id`,
    ),
  ]);
  return {
    settlements,
    lines: lines.map((line) => ({
      id: line.id,
      bookedOn: line.booked_on,
      amountKobo: BigInt(line.amount_kobo),
      narration: line.narration,
    })),
  };
}

/** Links a settlement to its line; the database posts the entry (`provider_settlements_post`). */
export async function linkSettlement(
  db: DbOrTx,
  { id, lineId, by, now, note }: { id: string; lineId: string; by: string | null; now: Date; note: string },
) {
  const [row] = await db
    .update(providerSettlements)
    .set({ bankLineId: lineId, matchedBy: by, matchedAt: now })
    .where(and(eq(providerSettlements.id, id), isNull(providerSettlements.bankLineId)))
    .returning();
  if (row) await db.update(bankStatementLines).set({ note }).where(eq(bankStatementLines.id, lineId));
  return row;
}

/** A school's settlements of the days `from` to `to`, with the lines they were matched to. */
export async function settlementsBetween(db: ReadDb, schoolId: string, from: string, to: string) {
  return db
    .select({
      settlement: providerSettlements,
      line: {
        id: bankStatementLines.id,
        bookedOn: bankStatementLines.bookedOn,
        amountKobo: bankStatementLines.amountKobo,
        narration: bankStatementLines.narration,
      },
    })
    .from(providerSettlements)
    .leftJoin(bankStatementLines, eq(bankStatementLines.id, providerSettlements.bankLineId))
    .where(and(eq(providerSettlements.schoolId, schoolId), between(providerSettlements.settledOn, from, to)))
    .orderBy(asc(providerSettlements.settledOn), asc(providerSettlements.providerSettlementId));
}

/** Statement lines of the days that read as settlements and match none. */
export async function unmatchedSettlementLinesBetween(db: ReadDb, schoolId: string, from: string, to: string) {
  return db
    .select({
      id: bankStatementLines.id,
      bookedOn: bankStatementLines.bookedOn,
      amountKobo: bankStatementLines.amountKobo,
      narration: bankStatementLines.narration,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.schoolId, schoolId),
        eq(bankStatementLines.settlement, true),
        eq(bankStatementLines.direction, 'credit'),
        between(bankStatementLines.bookedOn, from, to),
        sql`not exists (select 1 from ${providerSettlements} s where s.bank_line_id = ${bankStatementLines.id})`,
      ),
    )
    .orderBy(asc(bankStatementLines.bookedOn), asc(bankStatementLines.id));
}

/** Schools with a Paystack key of their own: the ones whose settlements reach their own bank. */
export async function schoolsWithOwnPaystack(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ school_id: string }>(
    db,
    sql`select school_id from payment_profiles where ps_secret_key_enc is not null order by school_id`,
  );
  return rows.map((row) => row.school_id);
}
