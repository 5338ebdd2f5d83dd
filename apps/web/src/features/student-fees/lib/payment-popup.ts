import { type OnlineMethod, PAYMENT_METHOD_LABELS } from '@schoolledger/domain';

/** The provider's checkout runs in one named window of SPEC §7's size, reused by later attempts. */
export const PAYMENT_WINDOW = 'schoolledger-pay';
const FEATURES = 'width=600,height=700';
/** SPEC §7: the dialog looks every second whether the payer closed the window. */
export const POLL_MS = 1_000;

/**
 * Opens the payment window. Browsers only allow this during the click itself, so it happens
 * before the payment is created and is pointed at the checkout once the server answers.
 */
export function openPaymentWindow(method: OnlineMethod): Window | null {
  const popup = window.open('', PAYMENT_WINDOW, FEATURES);
  if (!popup) return null;
  try {
    const { document } = popup;
    const text = `Connecting to ${PAYMENT_METHOD_LABELS[method]}…`;
    document.title = text;
    const message = document.createElement('p');
    message.textContent = text;
    message.style.cssText = 'font:16px system-ui,sans-serif;text-align:center;margin-top:40vh;color:#334155';
    document.body.replaceChildren(message);
  } catch {
    // A window left on the provider's page from an earlier attempt is not ours to write into.
  }
  return popup;
}

/** For a payer whose browser blocked the window: a click on our link is always allowed. */
export function reopenPaymentWindow(paymentUrl: string): Window | null {
  return window.open(paymentUrl, PAYMENT_WINDOW, FEATURES);
}
