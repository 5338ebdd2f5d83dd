import { toast } from 'sonner';

export const TOAST_DURATION = { default: 4000, success: 3000, error: 5000 } as const;

// Toasts raised while the tab is in the background would be gone before anyone could read them.
function visible() {
  return typeof document === 'undefined' || !document.hidden;
}

export const notify = {
  success(message: string) {
    if (visible()) toast.success(message, { duration: TOAST_DURATION.success });
  },
  error(message: string) {
    if (visible()) toast.error(message, { duration: TOAST_DURATION.error });
  },
  info(message: string) {
    if (visible()) toast.info(message, { duration: TOAST_DURATION.default });
  },
};
