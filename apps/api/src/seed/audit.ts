import type { fees, payments } from '../db/schema.js';
import type { Actor, AuditEntry, PastAuditEntry } from '../modules/audit/audit.queries.js';
import { auditable } from '../modules/fees/fees.service.js';
import { creditAuditEntry } from '../modules/ledger/payment-rows.js';
import { SYSTEM } from '../modules/payments/system-actor.js';

/*
 * The audit entries of the demo's history: the entries the app writes when a fee is created and
 * approved, when a payment is credited and when an expense is recorded, decided and paid out,
 * built by the same code, dated when each happened.
 * The demo writes them all at the end with `recordPastAudits`, oldest first.
 */

/** A person of the demo acting; the demo's history has no address or browser to record. */
const person = (userId: string): Actor => ({ userId, ip: null, userAgent: null });

/** The fee's `create` entry as its creator wrote it (waiting for approval), and its `approve` entry if it is approved. */
export function feeAuditEntries(
  fee: typeof fees.$inferSelect,
  targets: { classArmIds: string[]; studentIds: string[] },
  by: { creatorId: string; approverId: string },
  at: { created: Date; approved: Date },
): PastAuditEntry[] {
  const waiting = auditable({ ...fee, status: 'pending', approvedBy: null, approvedAt: null });
  const of = { entity: 'fee', entityId: fee.id, schoolId: fee.schoolId };
  const created: PastAuditEntry = {
    actor: person(by.creatorId),
    at: at.created,
    entry: { ...of, action: 'create', after: { ...waiting, ...targets } },
  };
  if (fee.status !== 'approved') return [created];
  return [
    created,
    {
      actor: person(by.approverId),
      at: at.approved,
      entry: { ...of, action: 'approve', before: waiting, after: auditable(fee) },
    },
  ];
}

type CreditedRow = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'schoolId'
  | 'amountKobo'
  | 'method'
  | 'receiptNo'
  | 'reference'
  | 'paidAt'
  | 'payerBankReference'
  | 'transferDate'
  | 'providerId'
>;

/**
 * The `payment.credit` entry of a past payment, as the way it was paid writes it: the cash desk
 * (`deskId` took it), a bank transfer the desk confirmed, or the provider's webhook (the system).
 */
export function creditAudit(payment: CreditedRow, deskId: string): PastAuditEntry {
  const at = payment.paidAt!;
  switch (payment.method) {
    case 'cash':
      return {
        actor: person(deskId),
        at,
        entry: creditAuditEntry(payment, null, {
          reference: payment.reference,
          source: 'cash_desk',
          idempotencyKey: null,
          notes: null,
        }),
      };
    case 'bank_transfer':
      return {
        actor: person(deskId),
        at,
        entry: creditAuditEntry(
          payment,
          { status: 'pending' },
          {
            source: 'bank_transfer_confirm',
            reference: payment.reference,
            bankReference: payment.payerBankReference,
            transferDate: payment.transferDate,
          },
        ),
      };
    default:
      return {
        actor: SYSTEM,
        at,
        entry: creditAuditEntry(
          payment,
          { status: 'pending' },
          { providerId: payment.providerId, source: 'webhook', providerStatus: 'success' },
        ),
      };
  }
}

/** A step on one of the demo's expenses (its entry built by the expenses services' own builders), by the person who took it. */
export const expenseAudit = (userId: string, at: Date, entry: AuditEntry): PastAuditEntry => ({
  actor: person(userId),
  at,
  entry,
});
