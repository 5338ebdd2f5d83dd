import {
  type AuditEntry,
  type AuditUser,
  displayName,
  type FailedLogin,
  type FinancialEntry,
  formatKobo,
  primaryRole,
  ROLE_BADGES,
} from '@schoolledger/domain';
import type { AttemptRow, PersonRow, TrailRow } from './audit-trail.queries.js';

/** What the cash desk, a transfer confirmation and a provider settlement each mean by a credit. */
const CREDIT_SOURCES: Record<string, string> = {
  cash_desk: 'recorded a cash payment',
  bank_transfer_confirm: 'confirmed a bank transfer',
  bank_statement: "credited a bank transfer from the school's statement",
  virtual_account: "credited a transfer into a family's virtual account",
};

/** Actions told in words of their own, whatever they acted on. */
const ACTION_PHRASES: Record<string, string> = {
  'payment.credit': 'credited an online payment',
  'payment.initiate': 'started an online payment',
  'payment.claim': 'reported a bank transfer',
  'payment.reject_transfer': 'rejected a bank transfer',
  'bank_statement.import': "uploaded the school's bank statement",
  'bank_statement_line.confirm': "credited a line of the school's bank statement",
  'bank_statement_line.reject': "turned down the suggestions for a line of the school's bank statement",
  'virtual_account.open': "opened a family's virtual account",
  'virtual_account.open_all': 'opened the virtual accounts of families without one',
  'virtual_account.deactivate': "deactivated a family's virtual account",
  'virtual_account.requery': 'asked Paystack for the missed transfers of a virtual account',
  'virtual_account_settings.create': 'switched virtual accounts on or off',
  'virtual_account_settings.update': 'switched virtual accounts on or off',
  'virtual_account_credit.credit': "recorded a transfer into a family's virtual account",
  'virtual_account_credit.hold': "held a transfer into a family's virtual account for review",
  'virtual_account_credit.ignore': 'ignored a transfer into an account number SchoolLedger did not open',
  'payment.refund': 'refunded a payment',
  'payment.refund.sent': 'sent a refund to the provider',
  'payment.refund.processed': 'completed a refund',
  'payment.refund.failed': 'recorded a failed refund',
  'payment.review': 'held a payment for review',
  'payment.fail': 'marked a payment as failed',
  'payment.dispute.open': 'recorded a dispute on a payment',
  'payment.dispute.won': 'recorded a dispute won',
  'payment.dispute.lost': 'recorded a dispute lost',
  'payments.provider_unreachable': 'could not reach the payment provider',
  'payments.refund_needs_attention': 'flagged a refund that needs attention',
  'privacy.data_exported': 'downloaded a copy of their data',
  'user.erased': "erased a former student's or parent's personal data",
  password_changed: 'changed their password',
  password_reset: 'reset their password',
  password_reset_requested: 'asked for a password reset',
  'auth.login': 'signed in',
  'auth.logout': 'signed out',
  'auth.login_failed': 'failed to sign in',
  'auth.lockout': 'was locked out',
  import: 'imported students',
  system_send: 'sent a notice',
  bulk_send: 'sent a notice to many people',
  link_parent: 'linked a parent to a student',
  unlink_parent: 'unlinked a parent from a student',
  update_profile: "updated a student's profile",
  update_academic: "moved a student's class or status",
};

/** Verbs said of the module acted on: "updated a term", "approved a fee". */
const VERBS: Record<string, string> = {
  create: 'created',
  created: 'created',
  update: 'updated',
  delete: 'deleted',
  approve: 'approved',
  approved: 'approved',
  reject: 'rejected',
  activate: 'activated',
  deactivate: 'deactivated',
  export: 'exported',
  download: 'downloaded',
  send: 'sent',
  sent: 'sent',
  promote: 'promoted',
  submit: 'submitted',
  apply: 'applied',
  reverse: 'reversed',
  propose: 'proposed',
  request: 'requested',
  credit: 'credited',
  restore: 'restored',
  import: 'imported',
};

/** Modules whose name reads badly with an article. */
const MODULE_NOUNS: Record<string, string> = {
  audit_log: 'the audit trail',
  audit_report: 'an audit report',
  report_schedule: 'a report schedule',
  email_settings: 'the email settings',
  reminder_settings: 'the reminder settings',
  notification_preferences: 'their notification preferences',
  payment_profile: 'the payment settings',
  user_profile: 'their profile',
  user_profile_picture: 'their profile picture',
  settings: 'the settings',
};

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
const moduleNoun = (entity: string, several: boolean) =>
  MODULE_NOUNS[entity] ?? (several ? `${entity.replace(/[._]/g, ' ')}s` : withArticle(entity.replace(/[._]/g, ' ')));

/**
 * The readable verb phrase of an entry: "recorded a cash payment", "updated a term". `several`:
 * the entry is about no single record (a promotion of a whole class).
 */
function actionPhrase(action: string, entity: string, source: string | null, several: boolean): string {
  if (action === 'payment.credit' && source && CREDIT_SOURCES[source]) return CREDIT_SOURCES[source];
  const phrase = ACTION_PHRASES[action];
  if (phrase) return phrase;
  // `payment_profile.update`, `payment.checkout.credit`: the verb is the action's last word.
  const verb = VERBS[action] ?? VERBS[action.slice(action.lastIndexOf('.') + 1)];
  if (verb) return `${verb} ${moduleNoun(entity, several)}`;
  return `recorded ${withArticle(action.replace(/[._]/g, ' '))} on ${moduleNoun(entity, several)}`;
}

/**
 * What the entry names of the money it moved: "of ₦1,500.00" and its receipt. A receipt
 * downloaded is named by its number alone: "downloaded receipt CVC-2026-000123".
 */
function objectOf(row: TrailRow, phrase: string): string {
  const { action, entity, amountKobo, receiptNo } = row.log;
  if (action === 'download' && entity === 'receipt' && receiptNo) return `downloaded receipt ${receiptNo}`;
  const amount = amountKobo === null ? '' : ` of ${formatKobo(BigInt(amountKobo))}`;
  return `${phrase}${amount}${receiptNo ? `, receipt ${receiptNo}` : ''}`;
}

/** How the money view's summary names a kind of event, where one action covers several ways of paying. */
const ACTION_TOTALS: Record<string, string> = {
  'payment.credit': 'Payments credited (online, cash, confirmed transfers)',
  'payment.initiate': 'Online payments started',
  'payment.claim': 'Bank transfers reported',
  'payment.reject_transfer': 'Bank transfers rejected',
  'payment.refund': 'Refunds made',
  'payment.refund.sent': 'Refunds sent to the provider',
  'payment.refund.processed': 'Refunds completed',
  'payment.refund.failed': 'Refunds failed',
  'payment.review': 'Payments held for review',
  'virtual_account_credit.credit': 'Transfers into virtual accounts credited',
  'virtual_account_credit.hold': 'Transfers into virtual accounts held for review',
  'payment.fail': 'Payments failed',
  'payment.dispute.open': 'Disputes opened',
  'payment.dispute.won': 'Disputes won',
  'payment.dispute.lost': 'Disputes lost',
};

export const actionTotalLabel = (action: string) => ACTION_TOTALS[action] ?? action.replace(/[._]/g, ' ');

/** "Bursar Adaeze", or "The system" for entries no person made (webhooks, jobs). */
function actorLabel(actor: TrailRow['actor']): string {
  if (!actor?.id) return 'The system';
  const role = primaryRole(actor.roles);
  return `${role ? `${ROLE_BADGES[role]} ` : ''}${actor.firstname}`;
}

/** "Bursar Adaeze recorded a cash payment of ₦1,500.00, receipt CVC-2026-000123". */
export const summaryOf = (row: TrailRow) =>
  `${actorLabel(row.actor)} ${objectOf(row, actionPhrase(row.log.action, row.log.entity, row.log.source, row.log.entityId === null))}`;

export function toAuditEntry(row: TrailRow): AuditEntry {
  const { log, actor } = row;
  return {
    id: log.id,
    seq: log.seq ?? 0,
    chain: log.chain ?? log.schoolId ?? 'platform',
    schoolId: log.schoolId,
    schoolName: row.schoolName,
    actor: actor?.id ? { id: actor.id, name: displayName(actor), email: actor.email, roles: actor.roles } : null,
    action: log.action,
    module: log.entity,
    entityId: log.entityId,
    category: log.category,
    severity: log.severity,
    summary: summaryOf(row),
    ipAddress: log.ip,
    userAgent: log.userAgent,
    timestamp: log.createdAt.toISOString(),
    hash: log.hash ?? '',
    prevHash: log.prevHash ?? '',
  };
}

const KOBO_KEY = /^(.+)Kobo$/;
const KOBO_VALUE = /^-?[0-9]{1,15}$/;

/**
 * What an entry recorded, as a person reads it: every amount its writer kept in kobo
 * (`amountKobo: "150000"`) shown in naira under the plain name (`amount: "₦1,500.00"`), however
 * deep. The stored row is unchanged (its hash covers it as written).
 */
export function inNaira(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inNaira);
  if (typeof value !== 'object' || value === null) return value;
  const shown: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const kobo = KOBO_KEY.exec(key)?.[1];
    const raw = typeof field === 'number' ? String(field) : field;
    if (kobo && typeof raw === 'string' && KOBO_VALUE.test(raw)) {
      shown[kobo in value ? `${kobo} (naira)` : kobo] = formatKobo(BigInt(raw));
    } else {
      shown[key] = inNaira(field);
    }
  }
  return shown;
}

export const toFinancialEntry = (row: TrailRow): FinancialEntry => ({
  ...toAuditEntry(row),
  amount: row.log.amountKobo === null ? null : BigInt(row.log.amountKobo),
});

export function toAuditUser(row: PersonRow): AuditUser {
  return {
    id: row.user.id,
    name: displayName(row.user),
    email: row.user.email,
    roles: row.user.roles,
    schoolId: row.user.schoolId,
    schoolName: row.schoolName,
    status: row.user.status,
    activityCount: row.activityCount ?? 0,
    lastActivity: row.lastActivity ? new Date(row.lastActivity).toISOString() : null,
  };
}

export const toFailedLogin = (row: AttemptRow): FailedLogin => ({
  id: row.id,
  email: row.email,
  userId: row.userId,
  schoolId: row.schoolId,
  schoolName: row.schoolName,
  ipAddress: row.ip,
  userAgent: row.userAgent,
  reason: row.reason,
  timestamp: row.createdAt.toISOString(),
});
