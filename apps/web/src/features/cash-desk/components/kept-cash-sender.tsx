import { usePaymentQueue } from '../hooks/use-payment-queue';

/**
 * Sends the signed-in person's cash taken offline from whichever page they are on: a bursar whose
 * session ended offline signs in again and may never reopen the desk that day. Renders nothing;
 * the desk's panel shows what became of each payment.
 */
export function KeptCashSender() {
  usePaymentQueue();
  return null;
}
