import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  amountInWords,
  can,
  displayName,
  formatKobo,
  initials,
  lagosDateTime,
  owed,
  PAYMENT_METHOD_LABELS,
  type ReceiptCheck,
  raisesFee,
} from '@schoolledger/domain';
import type { AppConfig } from '../../../config.js';
import type { DbOrTx } from '../../../db/client.js';
import { deriveKey, loadMasterSecret } from '../../../lib/secrets.js';
import type { AuthContext } from '../../../plugins/auth.js';
import { type Actor, recordAudit } from '../../audit/audit.queries.js';
import { adjustmentsAt } from '../../fees/fee-ledger.queries.js';
import { receiptSettingsOf } from '../../settings/settings.service.js';
import { approvedVoidOf } from '../../tills/till-voids.queries.js';
import { paymentNotFound, receiptNotReady } from '../payments.errors.js';
import { findReceiptPayment, paidThrough, paymentsWithReceiptNo, type ReceiptPaymentRow } from './receipt.queries.js';

/** Everything a receipt prints, already worded and formatted. */
export interface ReceiptDocument {
  school: { name: string; group: string; address: string | null; contact: string | null };
  /** The school's own words under the receipt (General Settings), if it has any. */
  footer: string | null;
  receiptNo: string;
  paidAt: string;
  student: { name: string; regNo: string | null; classArm: string | null };
  fee: { name: string; type: string; term: string | null };
  amount: string;
  amountInWords: string;
  method: string;
  reference: string;
  providerId: string | null;
  channel: string | null;
  /** "Recorded by" for cash, "Confirmed by" for a bank transfer; online payments are verified by the provider. */
  recordedBy: { label: string; name: string } | null;
  notes: string | null;
  feeAmount: string;
  /** Discounts, scholarships and waivers ("-₦5,000.00") and late fees that counted when it was paid. */
  adjustments: { label: string; amount: string }[];
  paidToDate: string;
  outstanding: string;
  verificationCode: string;
  verifyUrl: string;
  /** Cash voided at its till after a second person approved: the receipt says so wherever it is shown. */
  voided: { on: string; reason: string } | null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replaceAll('_', ' ');

/** The key receipts are signed with: derived from the master secret, so it survives restarts. */
export function receiptKey(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): Uint8Array {
  return deriveKey(loadMasterSecret({ appSecret: config.appSecret, dataDir: config.dataDir }), 'receipts');
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}

/**
 * `XXXX-XXXX-XXXX`: 60 bits of an HMAC over what the receipt states, so a forged or altered
 * receipt (another number or amount) does not check out, and nobody without our key can make one.
 */
export function verificationCode(
  key: Uint8Array,
  payment: { receiptNo: string; id: string; amountKobo: bigint },
): string {
  const mac = createHmac('sha256', key).update(`${payment.receiptNo}|${payment.id}|${payment.amountKobo}`).digest();
  return base32(mac, 12).match(/.{4}/g)!.join('-');
}

/** What a person may type: any case, with or without dashes or spaces, 0/1/8 misread for O/I/B. */
export const normaliseCode = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replaceAll('0', 'O').replaceAll('1', 'I').replaceAll('8', 'B');

/**
 * The web page that checks a receipt (the public route /verify/:code), so whoever scans or types
 * the printed address reads a plain answer; machines keep GET /payment/receipt/verify/:code.
 */
export const verifyUrlOf = (appUrl: string, code: string, receiptNo: string) =>
  `${appUrl.replace(/\/+$/, '')}/verify/${code}?receipt=${encodeURIComponent(receiptNo)}`;

function recordedByOf(row: ReceiptPaymentRow): ReceiptDocument['recordedBy'] {
  const { payment } = row;
  if (payment.method === 'cash' && row.recorder) return { label: 'Recorded by', name: displayName(row.recorder) };
  if (payment.method === 'bank_transfer' && row.reviewer) {
    return { label: 'Confirmed by', name: displayName(row.reviewer) };
  }
  return null;
}

/**
 * The receipt of a payment the caller may see: the student, a linked parent, or staff who view
 * or take payments in the payment's school. Anyone else is told it does not exist.
 */
export async function loadReceipt(
  db: DbOrTx,
  config: Pick<AppConfig, 'appUrl' | 'settingsDefaults'>,
  key: Uint8Array,
  auth: AuthContext,
  paymentId: string,
  download?: { actor: Actor; format: string },
): Promise<ReceiptDocument> {
  const isStaff = can(auth.roles, 'payments.view') || can(auth.roles, 'payments.cash');
  const row = await findReceiptPayment(db, paymentId, { userId: auth.userId, scope: auth.scope, isStaff });
  if (!row) throw paymentNotFound();
  const { payment } = row;
  // Staff taking a copy of someone's receipt is on the trail; the payer fetching their own is not.
  const ready = payment.kind === 'payment' && payment.status === 'success' && payment.receiptNo && payment.paidAt;
  if (download && ready && isStaff && payment.studentId !== auth.userId) {
    await recordAudit(db, download.actor, {
      action: 'download',
      entity: 'receipt',
      entityId: payment.id,
      schoolId: payment.schoolId,
      after: { receiptNo: payment.receiptNo, format: download.format },
    });
  }
  return receiptDocument(db, config, key, row);
}

/**
 * The receipt a message sent to its student or parent links to: the person the message went to
 * must still be the student or a linked parent.
 */
export async function loadReceiptOfRecipient(
  db: DbOrTx,
  config: Pick<AppConfig, 'appUrl' | 'settingsDefaults'>,
  key: Uint8Array,
  { userId, paymentId }: { userId: string; paymentId: string },
): Promise<ReceiptDocument> {
  const row = await findReceiptPayment(db, paymentId, { userId, scope: { kind: 'none' }, isStaff: false });
  if (!row) throw paymentNotFound();
  return receiptDocument(db, config, key, row);
}

async function receiptDocument(
  db: DbOrTx,
  config: Pick<AppConfig, 'appUrl' | 'settingsDefaults'>,
  key: Uint8Array,
  row: ReceiptPaymentRow,
): Promise<ReceiptDocument> {
  const { payment } = row;
  if (payment.kind !== 'payment' || payment.status !== 'success' || !payment.receiptNo || !payment.paidAt) {
    throw receiptNotReady();
  }
  const [paid, adjustments] = await Promise.all([
    paidThrough(db, { studentId: payment.studentId, feeId: payment.feeId, paidAt: payment.paidAt }),
    adjustmentsAt(db, payment.studentId, payment.feeId, payment.paidAt),
  ]);
  const sum = (lines: typeof adjustments) => lines.reduce((total, line) => total + line.amount, 0n);
  const lateFees = sum(adjustments.filter((line) => raisesFee(line.kind)));
  const reductions = sum(adjustments) - lateFees;
  const printed = await receiptSettingsOf({ config, db }, payment.schoolId);
  const voided = await approvedVoidOf(db, payment.id);
  const code = verificationCode(key, { receiptNo: payment.receiptNo, id: payment.id, amountKobo: payment.amountKobo });
  const address = row.address
    ? [[row.address.streetNo, row.address.street].filter(Boolean).join(' '), row.address.town, row.address.state]
        .filter(Boolean)
        .join(', ')
    : null;
  return {
    school: {
      name: row.school.name,
      group: row.group.name,
      address,
      contact: printed.contact,
    },
    footer: printed.footer,
    receiptNo: payment.receiptNo,
    paidAt: lagosDateTime(payment.paidAt),
    student: { name: displayName(row.student), regNo: row.student.regNo, classArm: row.classArm?.name ?? null },
    fee: {
      name: row.fee.name,
      type: capitalise(row.fee.type),
      term: row.term ? [row.term.name, row.session?.name].filter(Boolean).join(', ') : null,
    },
    amount: formatKobo(payment.amountKobo),
    amountInWords: amountInWords(payment.amountKobo),
    method: PAYMENT_METHOD_LABELS[payment.method],
    reference: payment.reference,
    providerId: payment.providerId,
    channel: payment.channel ? capitalise(payment.channel) : null,
    recordedBy: recordedByOf(row),
    notes: payment.notes,
    feeAmount: formatKobo(row.fee.amountKobo),
    adjustments: adjustments.map((line) => ({
      label: line.label,
      amount: `${raisesFee(line.kind) ? '+' : '-'}${formatKobo(line.amount)}`,
    })),
    paidToDate: formatKobo(paid),
    outstanding: formatKobo(owed({ amount: row.fee.amountKobo, reductions, lateFees, paid })),
    verificationCode: code,
    verifyUrl: verifyUrlOf(config.appUrl, code, payment.receiptNo),
    voided: voided ? { on: lagosDateTime(voided.decidedAt), reason: voided.reason } : null,
  };
}

const INVALID: ReceiptCheck = {
  valid: false,
  receiptNo: null,
  school: null,
  student: null,
  amount: null,
  paidAt: null,
  voided: null,
};

/**
 * A printed code checked by anyone holding the receipt. Receipt numbers repeat across schools,
 * so every payment with that number is tried; the answer names the student by initials only.
 */
export async function checkReceipt(
  db: DbOrTx,
  key: Uint8Array,
  code: string,
  receiptNo: string,
): Promise<ReceiptCheck> {
  const given = Buffer.from(normaliseCode(code));
  for (const payment of await paymentsWithReceiptNo(db, receiptNo)) {
    const expected = Buffer.from(
      normaliseCode(verificationCode(key, { receiptNo, id: payment.id, amountKobo: payment.amountKobo })),
    );
    if (given.length === expected.length && timingSafeEqual(given, expected)) {
      const voided = await approvedVoidOf(db, payment.id);
      return {
        valid: true,
        voided: voided ? { at: voided.decidedAt.toISOString(), reason: voided.reason } : null,
        receiptNo,
        school: payment.school,
        student: initials(payment),
        amount: payment.amountKobo,
        paidAt: payment.paidAt?.toISOString() ?? null,
      };
    }
  }
  return INVALID;
}
