export const TOAST_DURATION = { default: 4000, success: 3000, error: 5000 } as const;

// The toast library is fetched on first use so it stays out of the first download.
const sonner = () => import('sonner');

// Toasts raised while the tab is in the background would be gone before anyone could read them.
function show(kind: 'success' | 'error' | 'info', message: string, duration: number) {
  if (typeof document !== 'undefined' && document.hidden) return;
  void sonner().then(({ toast }) => toast[kind](message, { duration }));
}

export const notify = {
  success: (message: string) => show('success', message, TOAST_DURATION.success),
  error: (message: string) => show('error', message, TOAST_DURATION.error),
  info: (message: string) => show('info', message, TOAST_DURATION.default),
};
