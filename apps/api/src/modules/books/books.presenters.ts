import {
  LEDGER_EXPORT_PACKAGES,
  type LedgerAccount,
  type LedgerAccountMappings,
  type LedgerAccountType,
  type LedgerLine,
  naturalBalance,
} from '@schoolledger/domain';
import type { AccountRow, LedgerLineRow, MappingRow } from './books.queries.js';

const noMappings = (): LedgerAccountMappings =>
  Object.fromEntries(LEDGER_EXPORT_PACKAGES.map((pkg) => [pkg, null])) as LedgerAccountMappings;

/** Each account's names in the accounting packages, by account id. */
export function mappingsByAccount(rows: readonly MappingRow[]): Map<string, LedgerAccountMappings> {
  const byAccount = new Map<string, LedgerAccountMappings>();
  for (const row of rows) {
    const mappings = byAccount.get(row.accountId) ?? noMappings();
    mappings[row.package] = row.externalAccount;
    byAccount.set(row.accountId, mappings);
  }
  return byAccount;
}

export const toLedgerAccount = (
  row: AccountRow,
  school: { id: string; name: string },
  mappings: LedgerAccountMappings | undefined,
): LedgerAccount => ({
  _id: row.id,
  school: { _id: school.id, name: school.name },
  code: row.code,
  name: row.name,
  type: row.type,
  systemKey: row.systemKey,
  mappings: mappings ?? noMappings(),
});

/** What the trail keeps of an account, before and after a change. */
export const auditableAccount = (row: AccountRow) => ({
  code: row.code,
  name: row.name,
  type: row.type,
  systemKey: row.systemKey,
});

/**
 * Lines with the running balance as the account's type reads it, starting from `startKobo` (signed,
 * debit positive: the balance before the first line).
 */
export function withRunningBalance(
  rows: readonly LedgerLineRow[],
  type: LedgerAccountType,
  startKobo: bigint,
): LedgerLine[] {
  let balance = startKobo;
  return rows.map((row) => {
    balance += row.amountKobo;
    return {
      _id: row.lineId,
      entryId: row.entryId,
      date: row.date,
      memo: row.memo,
      source: row.source,
      sourceId: row.sourceId,
      reversesEntryId: row.reversesId,
      student: row.student ? { _id: row.student.id, name: row.student.name } : null,
      fee: row.fee ? { _id: row.fee.id, name: row.fee.name } : null,
      debit: row.amountKobo > 0n ? row.amountKobo : 0n,
      credit: row.amountKobo < 0n ? -row.amountKobo : 0n,
      balance: naturalBalance(type, balance),
    };
  });
}
