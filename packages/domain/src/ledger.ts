/**
 * The books: a double-entry journal per school, posted by the database as money moves (payments,
 * refunds, adjustments, family credit, expense payouts, and what each student is charged). These
 * are the words the API, the web and the exports share.
 */

export const LEDGER_ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];
export const LEDGER_ACCOUNT_TYPE_LABELS: Record<LedgerAccountType, string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
};

/** What posted an entry. */
export const LEDGER_SOURCES = [
  /** What students are charged: a fee's amount while it applies to them. */
  'charge',
  'payment',
  'refund',
  'adjustment',
  'family_credit',
  'payout',
  /** A provider paying out its collections to the bank, less its charges. */
  'settlement',
  /** A cash desk's till: its opening float, the variance found at its close, its banking. */
  'till',
] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];
export const LEDGER_SOURCE_LABELS: Record<LedgerSource, string> = {
  charge: 'Fees charged',
  payment: 'Payment',
  refund: 'Refund',
  adjustment: 'Fee adjustment',
  family_credit: 'Family credit',
  payout: 'Expense payout',
  settlement: 'Provider settlement',
  till: 'Cash till',
};

/** The accounting packages whose journal import the export is laid out for. */
export const LEDGER_EXPORT_PACKAGES = ['quickbooks', 'xero', 'sage', 'zoho'] as const;
export type LedgerExportPackage = (typeof LEDGER_EXPORT_PACKAGES)[number];
export const LEDGER_EXPORT_PACKAGE_LABELS: Record<LedgerExportPackage, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
  sage: 'Sage Accounting',
  zoho: 'Zoho Books',
};

/** An account's balance as its type reads it: assets and expenses are debit balances, the rest credit. */
export function naturalBalance(type: LedgerAccountType, signedKobo: bigint): bigint {
  return type === 'asset' || type === 'expense' ? signedKobo : -signedKobo;
}
