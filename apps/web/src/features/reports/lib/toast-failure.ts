import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Runs a read and, when it fails, toasts the server's message or the screen's default before the
 * panel shows its own error box. A read cancelled because the screen moved on is no failure.
 */
export async function toastFailure<T>(read: Promise<T>, fallback: string, signal?: AbortSignal): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (!signal?.aborted) notify.error(errorMessage(error, fallback));
    throw error;
  }
}
