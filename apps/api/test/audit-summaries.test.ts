import { describe, expect, it } from 'vitest';
import { summaryOf } from '../src/modules/audit/audit-trail.presenters.js';
import type { TrailRow } from '../src/modules/audit/audit-trail.queries.js';

const bursar = { id: 'u1', firstname: 'Adaeze', middlename: null, lastname: 'Eze', email: 'b@x.ng', roles: ['Bursar'] };
const admin = { ...bursar, firstname: 'Oluwaseun', roles: ['Admin'] };

function row(action: string, entity: string, options: Partial<TrailRow['log']> = {}, actor: object | null = bursar) {
  return {
    log: { action, entity, entityId: 'e1', source: null, amountKobo: null, receiptNo: null, ...options },
    actor: actor ?? { id: null },
    schoolName: null,
  } as unknown as TrailRow;
}

const CASES: [string, TrailRow][] = [
  ['Bursar Adaeze recorded a cash payment', row('payment.credit', 'payment', { source: 'cash_desk' })],
  ['Bursar Adaeze confirmed a bank transfer', row('payment.credit', 'payment', { source: 'bank_transfer_confirm' })],
  ['The system credited an online payment', row('payment.credit', 'payment', { source: 'webhook' }, null)],
  [
    "Bursar Adaeze credited a bank transfer from the school's statement",
    row('payment.credit', 'payment', { source: 'bank_statement' }),
  ],
  ["Bursar Adaeze uploaded the school's bank statement", row('bank_statement.import', 'bank_statement')],
  [
    "The system credited a transfer into a family's virtual account",
    row('payment.credit', 'payment', { source: 'virtual_account' }, null),
  ],
  [
    "Administrator Oluwaseun opened a family's virtual account",
    row('virtual_account.open', 'virtual_account', {}, admin),
  ],
  [
    "Administrator Oluwaseun deactivated a family's virtual account",
    row('virtual_account.deactivate', 'virtual_account', {}, admin),
  ],
  [
    "The system held a transfer into a family's virtual account for review",
    row('virtual_account_credit.hold', 'virtual_account_credit', {}, null),
  ],
  [
    'Administrator Oluwaseun switched virtual accounts on or off',
    row('virtual_account_settings.update', 'virtual_account_settings', {}, admin),
  ],
  [
    "Bursar Adaeze credited a line of the school's bank statement",
    row('bank_statement_line.confirm', 'bank_statement_line'),
  ],
  ['Administrator Oluwaseun approved a fee', row('approve', 'fee', {}, admin)],
  ['Administrator Oluwaseun updated a class arm', row('update', 'class_arm', {}, admin)],
  ['Administrator Oluwaseun promoted students', row('promote', 'student', { entityId: null }, admin)],
  ['Administrator Oluwaseun updated the payment settings', row('payment_profile.update', 'payment_profile', {}, admin)],
  ['Bursar Adaeze exported the audit trail', row('export', 'audit_log', { entityId: null })],
  ['Bursar Adaeze changed their password', row('password_changed', 'user')],
  [
    'The system could not reach the payment provider',
    row('payments.provider_unreachable', 'payment_profile', {}, null),
  ],
  // An action with no verb of its own still reads as a sentence.
  ['Bursar Adaeze recorded an archive on a backup', row('archive', 'backup')],
  [
    'Bursar Adaeze recorded a cash payment of ₦1,500.00, receipt CVC-2026-000001',
    row('payment.credit', 'payment', { source: 'cash_desk', amountKobo: '150000', receiptNo: 'CVC-2026-000001' }),
  ],
  ['Bursar Adaeze downloaded receipt CVC-2026-000123', row('download', 'receipt', { receiptNo: 'CVC-2026-000123' })],
];

describe('the sentence each audit entry is told in', () => {
  it.each(CASES)('%s', (sentence, entry) => {
    expect(summaryOf(entry)).toBe(sentence);
  });
});
