import type { CashPaymentInput, OwedFee, OwedFees } from '@schoolledger/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { ChosenStudent } from '../components/student-search';

/** Where a payment taken offline stands: waiting to be sent, taken by the server, or refused by it. */
export type QueuedStatus = 'waiting' | 'synced' | 'attention';

/** What the server issued for a queued payment: the receipt replaces the provisional slip. */
export interface SyncedReceipt {
  paymentId: string;
  /** Cash is credited at once, so the server always numbers it; typed as the server's answer is. */
  receiptNo: string | null;
  paidAt: string | null;
}

/** A cash payment taken while the network was down, kept on the device until the server answers. */
export interface QueuedPayment {
  /** Sent with every attempt, so the server records the payment once however often it is sent. */
  idempotencyKey: string;
  /** Printed on the provisional slip, so the payer and the bursar can find it again. */
  shortCode: string;
  /** The bursar who took it: only they send it, once signed in again. */
  ownerId: string;
  bursar: string;
  recordedAt: string;
  /** The amount is always set: the cash counted at the desk, not what the server thinks is owed. */
  input: CashPaymentInput & { amount: bigint };
  student: ChosenStudent;
  fee: Pick<OwedFee['fee'], '_id' | 'name'> & { term: string };
  status: QueuedStatus;
  receipt?: SyncedReceipt;
  /** The server's reason for refusing it, word for word. */
  problem?: string;
  settledAt?: string;
}

/** The desk's copy of what the bursar's school is owed, kept per person (a desk may be shared). */
export interface SavedOwedFees {
  ownerId: string;
  data: OwedFees;
}

interface DeskSchema extends DBSchema {
  payments: { key: string; value: QueuedPayment; indexes: { byOwner: string } };
  owedFees: { key: string; value: SavedOwedFees };
}

const DATABASE = 'schoolledger-cash-desk';
let opened: Promise<IDBPDatabase<DeskSchema>> | null = null;

function database() {
  opened ??= openDB<DeskSchema>(DATABASE, 1, {
    upgrade(db) {
      const payments = db.createObjectStore('payments', { keyPath: 'idempotencyKey' });
      payments.createIndex('byOwner', 'ownerId');
      db.createObjectStore('owedFees', { keyPath: 'ownerId' });
    },
  });
  return opened;
}

/** Oldest first, as they were taken; two taken in the same millisecond keep one fixed order. */
export const inRecordedOrder = (a: QueuedPayment, b: QueuedPayment) =>
  a.recordedAt.localeCompare(b.recordedAt) || a.idempotencyKey.localeCompare(b.idempotencyKey);

export const deskStore = {
  async add(payment: QueuedPayment) {
    await (await database()).add('payments', payment);
  },
  async get(idempotencyKey: string) {
    return (await database()).get('payments', idempotencyKey);
  },
  async put(payment: QueuedPayment) {
    await (await database()).put('payments', payment);
  },
  async paymentsOf(ownerId: string) {
    return (await (await database()).getAllFromIndex('payments', 'byOwner', ownerId)).sort(inRecordedOrder);
  },
  async saveOwedFees(saved: SavedOwedFees) {
    await (await database()).put('owedFees', saved);
  },
  async owedFeesOf(ownerId: string) {
    return (await database()).get('owedFees', ownerId);
  },
};

export type DeskStore = typeof deskStore;
