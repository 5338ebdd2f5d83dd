import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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

void useAuthStore.getState().initialize();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
