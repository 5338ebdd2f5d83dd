/** SPEC §5: how an audit entry is grouped and how much it matters. */
export const AUDIT_CATEGORIES = ['user', 'financial', 'security', 'system'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** Entities whose rows are money: every change to them is a financial event. */
const FINANCIAL_ENTITIES = new Set([
  'payment',
  'fee',
  'refund',
  'payment_dispute',
  'payment_profile',
  'receipt',
  'fee_adjustment',
  'adjustment_rule',
  'late_fee_policy',
  'family_credit_entry',
  'family_credit_payback',
  'payment_checkout',
  // A bank statement uploaded and its lines matched, credited or turned down.
  'bank_statement',
  'bank_statement_line',
  // A family's own account number at a school, its switch, and the money that arrived in it.
  'virtual_account',
  'virtual_account_settings',
  'virtual_account_credit',
  // What a payment provider paid out to the school's bank, asked for and matched to its statement line.
  'provider_settlement',
  'expense',
  'expense_payout',
  // A cash desk's till: opened with its float, counted and closed, confirmed by a second person, banked.
  'till_session',
  'vendor',
  'budget',
  'expense_policy',
  // The books: the chart of accounts and its mappings, period closes, and the books' own files.
  'ledger_account',
  'ledger_period_close',
  'books',
]);
/** Entities about who may do what: sign-ins, passwords, sessions, keys. */
const SECURITY_ENTITIES = new Set([
  'session',
  'auth',
  'password',
  'login',
  'settings',
  'email_settings',
  // A school group's own SMS and WhatsApp keys.
  'messaging_account',
]);
const SYSTEM_ENTITIES = new Set(['backup', 'system', 'audit', 'audit_log', 'export', 'report', 'term_pack', 'ledger']);

/** Actions that an auditor must never miss, whatever the entity. */
const CRITICAL_ACTIONS = new Set([
  'payment.refund',
  'payment.dispute.lost',
  'auth.lockout',
  'backup.restore',
  'audit.verify_failed',
  // The journal no longer agrees with the payments, adjustments, credit or payouts it was posted from.
  'ledger.disagreement',
]);
const HIGH_ACTIONS = new Set([
  'delete',
  'payment.reject_transfer',
  // Money a school gives up: a discount, scholarship or waiver approved, a late fee waived.
  'fee_adjustment.approve',
  'fee_adjustment.reverse',
  'payment.refund.failed',
  // Family credit paid back to the payer from the school's own bank, and who let it go.
  'family_credit.refund',
  'family_credit_payback.approve',
  // Money leaving the school: an expense approved, paid out, a payout reversed, who approves what.
  'expense.approve',
  'expense_payout.create',
  'expense_payout.reverse',
  'expense_policy.update',
  // A till's count confirmed (its variance posted) and its cash banked.
  'till_session.confirm',
  'till_session.bank',
  // A period closed: nothing can be posted in it again.
  'ledger_period_close.create',
  // Where a payout to a vendor goes: proposed by one person, approved (or rejected) by another.
  'vendor.bank_details',
  'vendor.bank_details.propose',
  'vendor.bank_details.reject',
  'payment.dispute.open',
  'auth.login_failed',
  'password_reset',
  'password_changed',
  'settings.update',
  // Personal data leaving the app in a file.
  'export',
  // A family's personal data replaced by placeholders for good, at their request after they left.
  'user.erased',
]);
/** Actions worth a look even on an entity that is otherwise low: copies of money documents. */
const MEDIUM_ACTIONS = new Set([
  'download',
  // A person took a copy of everything held about them (and their children).
  'privacy.data_exported',
]);
/**
 * Reports people run as part of their work: a report file, the outstanding fees, the audit trail
 * and its reports, a term's audit pack, the books and their journal. Exporting or downloading one
 * is routine, so low.
 */
const ROUTINE_REPORTS = new Set(['report', 'audit_report', 'audit_log', 'term_pack', 'books']);
const isRoutineReport = (action: string, entity: string) =>
  (action === 'export' || action === 'download') && ROUTINE_REPORTS.has(entity);

/**
 * The one classification of an audit row, decided when it is written so the trail can be
 * filtered in SQL. Unknown actions fall back to the entity's category and a low severity.
 */
export function classifyAudit(action: string, entity: string): { category: AuditCategory; severity: AuditSeverity } {
  const category: AuditCategory = FINANCIAL_ENTITIES.has(entity)
    ? 'financial'
    : SECURITY_ENTITIES.has(entity) || action.startsWith('auth.') || action.startsWith('password')
      ? 'security'
      : SYSTEM_ENTITIES.has(entity)
        ? 'system'
        : 'user';
  const severity: AuditSeverity = isRoutineReport(action, entity)
    ? 'low'
    : CRITICAL_ACTIONS.has(action)
      ? 'critical'
      : HIGH_ACTIONS.has(action)
        ? 'high'
        : MEDIUM_ACTIONS.has(action) || category === 'financial' || category === 'security'
          ? 'medium'
          : 'low';
  return { category, severity };
}
