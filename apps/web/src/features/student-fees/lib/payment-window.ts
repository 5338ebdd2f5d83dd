// The return half of the payment window: main.tsx runs it before the app starts, so it stays
// small; opening the window lives in payment-popup.ts.

export const PAYMENT_RETURN_PARAM = 'payment';

/** The reference the provider sent the payer back with, when this page is that return. */
export function returnedReference(search: string): string | null {
  return new URLSearchParams(search).get(PAYMENT_RETURN_PARAM) || null;
}

/**
 * Between the payment window and the dialog that opened it. The window cannot count on
 * `window.opener`: a provider's page, or ours, may cut it with a Cross-Origin-Opener-Policy.
 */
const CHANNEL = 'schoolledger-payment';
const HANDOVER_MS = 400;

type ReturnMessage = { type: 'returned' | 'watching'; reference: string };

function isMessage(data: unknown, type: ReturnMessage['type'], reference: string) {
  const message = data as Partial<ReturnMessage> | null;
  return message?.type === type && message.reference === reference;
}

/** Whether a dialog in another window is waiting for this payment, and now knows it came back. */
function handOver(reference: string): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const finish = (taken: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => finish(false), HANDOVER_MS);
    channel.onmessage = (event) => {
      if (isMessage(event.data, 'watching', reference)) finish(true);
    };
    channel.postMessage({ type: 'returned', reference } satisfies ReturnMessage);
  });
}

/**
 * The reference when this page is the payment window the provider sent back, else null. That
 * window only says so and closes: the dialog that opened it shows the verified outcome. It must
 * not start the app, which would rotate the session's refresh token behind the opener's back.
 * Without a dialog waiting (a phone that paid in the same tab) the page starts as usual.
 */
export async function paymentWindowReturn(): Promise<string | null> {
  if (window.location.pathname !== '/student/fees') return null;
  const reference = returnedReference(window.location.search);
  if (!reference) return null;
  if (window.opener && window.opener !== window) {
    await handOver(reference);
    return reference;
  }
  return (await handOver(reference)) ? reference : null;
}

/** In the dialog: `onReturn` runs when the payment window of `reference` comes back. */
export function watchPaymentReturn(reference: string, onReturn: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => {
    if (!isMessage(event.data, 'returned', reference)) return;
    channel.postMessage({ type: 'watching', reference } satisfies ReturnMessage);
    onReturn();
  };
  return () => channel.close();
}
