import { ERROR_CODES } from '@schoolledger/domain';
import { ApiError } from '@/lib/api-client';
import type { DeskStore, QueuedPayment, SyncedReceipt } from './desk-store';

/** What sending one queued payment came to. */
export type SendOutcome =
  | { kind: 'recorded'; receipt: SyncedReceipt }
  | { kind: 'refused'; message: string }
  /** No final answer (no network, the server down, the session ended): send it again later. */
  | { kind: 'unanswered' };

/**
 * Which failures are the server's final word on a payment. A refusal (the fee paid meanwhile, an
 * amount above what is now owed, a student gone) will not change by sending again; no answer, a
 * server error, an ended session, a password to change or too many requests will, later.
 */
export function outcomeOfFailure(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'unanswered' };
  const passing =
    error.status === 0 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500 ||
    error.code === ERROR_CODES.passwordChangeRequired;
  return passing ? { kind: 'unanswered' } : { kind: 'refused', message: error.message };
}

/** Short enough to read out at the desk, long enough not to repeat in a day's queue. */
export const shortCodeOf = (idempotencyKey: string) => idempotencyKey.replaceAll('-', '').slice(0, 8).toUpperCase();

export interface SyncResult {
  synced: number;
  refused: number;
  /** True when a payment got no final answer: the rest wait for the next try. */
  stopped: boolean;
}

/**
 * Sends the person's waiting payments, oldest first and one at a time, each with its own
 * Idempotency-Key, and keeps the server's answer on the device. It stops at the first payment
 * with no answer, so the order holds. Each payment is read again just before it is sent: another
 * tab may have sent it meanwhile (the lock in `withSyncLock` keeps that from happening; the key
 * makes it harmless if it does).
 */
export async function syncWaiting({
  store,
  ownerId,
  send,
  now = () => new Date(),
  onSettled,
}: {
  store: Pick<DeskStore, 'paymentsOf' | 'get' | 'put'>;
  ownerId: string;
  send(payment: QueuedPayment): Promise<SendOutcome>;
  now?: () => Date;
  onSettled?(payment: QueuedPayment): void;
}): Promise<SyncResult> {
  const result: SyncResult = { synced: 0, refused: 0, stopped: false };
  // Read again after each pass: a payment queued meanwhile (in another tab) goes in this sync too.
  // Every payment of a pass is settled or the sync stops, so the passes end.
  for (;;) {
    const waiting = (await store.paymentsOf(ownerId)).filter((payment) => payment.status === 'waiting');
    if (waiting.length === 0) return result;
    for (const queued of waiting) {
      const payment = await store.get(queued.idempotencyKey);
      if (payment?.status !== 'waiting') continue;
      const outcome = await send(payment);
      if (outcome.kind === 'unanswered') return { ...result, stopped: true };
      const settledAt = now().toISOString();
      const settled: QueuedPayment =
        outcome.kind === 'recorded'
          ? { ...payment, status: 'synced', receipt: outcome.receipt, settledAt }
          : { ...payment, status: 'attention', problem: outcome.message, settledAt };
      await store.put(settled);
      if (outcome.kind === 'recorded') result.synced++;
      else result.refused++;
      onSettled?.(settled);
    }
  }
}

/**
 * Runs `sync` unless another tab of this browser is already syncing this person's queue (the Web
 * Locks API; where a browser lacks it, the Idempotency-Key alone keeps a payment from counting twice).
 * Answers null when another tab holds the lock.
 */
export async function withSyncLock<T>(ownerId: string, sync: () => Promise<T>): Promise<T | null> {
  if (typeof navigator === 'undefined' || !navigator.locks) return sync();
  return navigator.locks.request(`cash-desk-sync:${ownerId}`, { ifAvailable: true }, (lock) => (lock ? sync() : null));
}
