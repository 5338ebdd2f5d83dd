import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthStore } from '@/lib/auth';
import { sendQueuedPayment } from '../api/record-cash-payment';
import { deskStore, type QueuedPayment } from '../lib/desk-store';
import { syncWaiting, withSyncLock } from '../lib/payment-queue';

/** Tells the desk's other tabs that the queue changed, so their panels show the same. */
const CHANNEL = 'schoolledger-cash-desk-queue';
/** After a send with no answer while the browser says it is online (the server restarting, say). */
const RETRY_AFTER_MS = 15_000;
/** When another tab was syncing: what this tab queued meanwhile may have come after its last look. */
const AFTER_OTHER_TAB_MS = 2_000;
/**
 * While a queue is being sent, the panel (and the other tabs) are shown its progress at most this
 * often, and in full once it ends: reading and drawing the whole list again after every payment
 * made sending 200 of them take over 90 s on a busy machine (npm run bench:desk).
 */
const PROGRESS_EVERY_MS = 1_000;

export interface PaymentQueue {
  /** The signed-in person's payments taken offline, oldest first; undefined until read. */
  payments: QueuedPayment[] | undefined;
  syncing: boolean;
  enqueue(payment: QueuedPayment): Promise<void>;
  syncNow(): void;
}

/**
 * The queue of cash taken offline, for the signed-in person only: kept in IndexedDB, sent when the
 * network is back (on opening the desk, on reconnecting, after each payment queued while online,
 * and again a little later when a send got no answer), one tab at a time.
 */
export function usePaymentQueue(): PaymentQueue {
  const ownerId = useAuthStore((state) => state.user?._id ?? null);
  const queryClient = useQueryClient();
  const [payments, setPayments] = useState<QueuedPayment[]>();
  const [syncing, setSyncing] = useState(false);
  const channel = useRef<BroadcastChannel | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const progressShown = useRef(0);

  const reload = useCallback(async () => {
    if (ownerId) setPayments(await deskStore.paymentsOf(ownerId));
  }, [ownerId]);

  const changed = useCallback(async () => {
    await reload();
    channel.current?.postMessage('changed');
  }, [reload]);

  const sync = useCallback(async () => {
    if (!ownerId || !navigator.onLine) return;
    clearTimeout(retry.current);
    setSyncing(true);
    try {
      const showProgress = () => {
        if (Date.now() - progressShown.current < PROGRESS_EVERY_MS) return;
        progressShown.current = Date.now();
        void changed();
      };
      const result = await withSyncLock(ownerId, () =>
        syncWaiting({ store: deskStore, ownerId, send: sendQueuedPayment, onSettled: showProgress }),
      );
      if (result === null) retry.current = setTimeout(() => void sync(), AFTER_OTHER_TAB_MS);
      else if (result.stopped && navigator.onLine) retry.current = setTimeout(() => void sync(), RETRY_AFTER_MS);
      if (result && result.synced + result.refused > 0) {
        void changed();
        // Money moved: what is owed, paid and collected is stale on every screen.
        void queryClient.invalidateQueries();
      }
    } finally {
      setSyncing(false);
    }
  }, [ownerId, changed, queryClient]);

  useEffect(() => {
    void reload();
    void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const other = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (other) other.onmessage = () => void reload();
    channel.current = other;
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(retry.current);
      other?.close();
      channel.current = null;
    };
  }, [reload, sync]);

  const enqueue = useCallback(
    async (payment: QueuedPayment) => {
      await deskStore.add(payment);
      await changed();
      void sync();
    },
    [changed, sync],
  );

  return { payments, syncing, enqueue, syncNow: () => void sync() };
}
