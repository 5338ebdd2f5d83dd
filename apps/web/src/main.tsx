import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { paymentWindowReturn } from './features/student-fees/lib/payment-window';
import { useAuthStore } from './lib/auth';
import './index.css';

// Extensions inject scripts whose failures are not ours to report.
function fromExtension(reason: unknown) {
  const stack = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  return /(chrome|moz|safari(-web)?)-extension:\/\/|message channel closed/.test(stack);
}

window.addEventListener('unhandledrejection', (event) => {
  if (fromExtension(event.reason)) {
    event.preventDefault();
    return;
  }
  console.error('Unhandled rejection', event.reason);
});

// The service worker keeps the built app so the cash desk opens with no network (vite.config.ts);
// registered once the page has loaded, so it never competes with the first screen for bandwidth.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('Offline support unavailable', error));
  });
}

const root = createRoot(document.getElementById('root')!);
void paymentWindowReturn().then((reference) => {
  if (reference) {
    void import('./features/student-fees/components/payment-window-return').then(({ PaymentWindowReturn }) =>
      root.render(<PaymentWindowReturn />),
    );
    return;
  }
  void useAuthStore.getState().initialize();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
