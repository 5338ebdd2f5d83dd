/**
 * Issue 17: what a school spends. The categories, the life of an expense request and the rules on
 * payouts and budgets, read by the API (which enforces them) and the web (which only offers what
 * the API would accept).
 */

export const EXPENSE_CATEGORIES = [
  'staff_salary',
  'staff_allowance',
  'vendor_service',
  'consumables',
  'facilities_maintenance',
  'academic_resources',
  'student_activities',
  'transportation',
  'technology',
  'administrative',
  'utilities',
  'capital_project',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  staff_salary: 'Staff salary',
  staff_allowance: 'Staff allowance',
  vendor_service: 'Vendor service',
  consumables: 'Consumables',
  facilities_maintenance: 'Facilities maintenance',
  academic_resources: 'Academic resources',
  student_activities: 'Student activities',
  transportation: 'Transportation',
  technology: 'Technology',
  administrative: 'Administrative',
  utilities: 'Utilities',
  capital_project: 'Capital project',
  other: 'Other',
};

export const EXPENSE_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'rejected',
  'partially_paid',
  'paid',
  'cancelled',
] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export const EXPENSE_STATUS_LABELS: Record<ExpenseStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const EXPENSE_PAYEE_KINDS = ['staff', 'vendor', 'other'] as const;
export type ExpensePayeeKind = (typeof EXPENSE_PAYEE_KINDS)[number];
export const EXPENSE_PAYEE_KIND_LABELS: Record<ExpensePayeeKind, string> = {
  staff: 'A member of staff',
  vendor: 'A vendor',
  other: 'Someone else',
};

export const PAYOUT_METHODS = ['bank_transfer', 'cash', 'cheque', 'mobile_money'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  mobile_money: 'Mobile money',
};

/** The steps a person takes on an expense request; payouts move it between approved and paid by themselves. */
export const EXPENSE_ACTIONS = ['submit', 'approve', 'reject', 'reopen', 'cancel'] as const;
export type ExpenseAction = (typeof EXPENSE_ACTIONS)[number];

const TRANSITIONS: Record<ExpenseAction, { from: readonly ExpenseStatus[]; to: ExpenseStatus }> = {
  submit: { from: ['draft'], to: 'pending_approval' },
  approve: { from: ['pending_approval'], to: 'approved' },
  reject: { from: ['pending_approval'], to: 'rejected' },
  /** Back to a draft to revise it: withdrawn before a decision, or after a rejection. */
  reopen: { from: ['pending_approval', 'rejected'], to: 'draft' },
  /** Not once money has gone out: a payout is reversed first, which brings it back to approved. */
  cancel: { from: ['draft', 'pending_approval', 'approved', 'rejected'], to: 'cancelled' },
};

/** The status an action leads to from `status`, or null when the action is not allowed there. */
export function expenseTransition(status: ExpenseStatus, action: ExpenseAction): ExpenseStatus | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** Only a draft is edited; a request waiting for approval or decided is what was approved. */
export const isExpenseEditable = (status: ExpenseStatus) => status === 'draft';

/** Money can go out against an approved expense until all of it has. */
export const isExpensePayable = (status: ExpenseStatus) => status === 'approved' || status === 'partially_paid';

/**
 * What payouts make of an approved expense: nothing paid yet (again, after a reversal), some of
 * it, or all of it. Never more: the API refuses a payout above what remains.
 */
export function statusAfterPayouts(approvedKobo: bigint, paidKobo: bigint): ExpenseStatus {
  if (paidKobo <= 0n) return 'approved';
  return paidKobo >= approvedKobo ? 'paid' : 'partially_paid';
}

/** Budget alerts: at 80% of a category's budget for the term, and when it is used up. */
export const BUDGET_ALERT_PERCENTS = [80, 100] as const;
export type BudgetLevel = 'ok' | 'warning' | 'over';

/** How far actual spending has gone into a budget, in whole kobo arithmetic (no float rounding at the edge). */
export function budgetLevel(budgetKobo: bigint, actualKobo: bigint): BudgetLevel {
  if (budgetKobo <= 0n) return actualKobo > 0n ? 'over' : 'ok';
  if (actualKobo * 100n >= budgetKobo * 100n) return 'over';
  if (actualKobo * 100n >= budgetKobo * 80n) return 'warning';
  return 'ok';
}

/** Whole percent of a budget spent, rounded down (79.9% is 79, still within budget); null without a budget. */
export const percentUsed = (budgetKobo: bigint, actualKobo: bigint) =>
  budgetKobo > 0n ? Number((actualKobo * 100n) / budgetKobo) : null;

/** The highest alert threshold (80 or 100) spending has reached, or null below 80%. */
export function budgetThresholdReached(budgetKobo: bigint, actualKobo: bigint): 80 | 100 | null {
  const level = budgetLevel(budgetKobo, actualKobo);
  return level === 'over' ? 100 : level === 'warning' ? 80 : null;
}

/**
 * Deposit money banks and their CBN institution codes, for a vendor's bank details. A bank not in
 * the list is entered as "Other bank": its account number is then checked for the NUBAN format only.
 */
export const NIGERIAN_BANKS = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '103', name: 'Globus Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '030', name: 'Heritage Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '076', name: 'Polaris Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'SunTrust Bank' },
  { code: '302', name: 'TAJBank' },
  { code: '102', name: 'Titan Trust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
] as const;
export const OTHER_BANK_CODE = 'other';

/**
 * A change of a vendor's bank details waits for a second approver; a newer proposal supersedes a
 * pending one. Until approved, expenses approved and paid use the vendor's approved details.
 */
export const VENDOR_BANK_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type VendorBankChangeStatus = (typeof VENDOR_BANK_CHANGE_STATUSES)[number];

export const bankName = (code: string) => NIGERIAN_BANKS.find((bank) => bank.code === code)?.name ?? null;

export const NUBAN_FORMAT = /^\d{10}$/;
const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/**
 * The NUBAN check digit (CBN's revised standard): the 6-digit institution code (a bank's 3-digit
 * code padded with zeros in front) and the 9-digit serial, weighted 3-7-3; the tenth digit is what
 * brings the sum to a multiple of ten.
 */
export function nubanCheckDigit(institutionCode: string, serial: string): number {
  const digits = `${institutionCode.padStart(6, '0')}${serial}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (NUBAN_WEIGHTS[index] ?? 0), 0);
  return (10 - (sum % 10)) % 10;
}

/** A 10-digit account number whose check digit fits the bank (format only for a bank outside the list). */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!NUBAN_FORMAT.test(accountNumber)) return false;
  if (!/^\d{3}$/.test(bankCode)) return true;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
